import { useState } from 'react';
import { Link } from 'react-router';
import { usePageParam } from '../../../lib/page-param.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { paths } from '../../../config/paths.ts';
import { MY_ORDERS_PAGE_SIZE, useOrders } from '../api/get-orders.ts';
import { CancelOrderDialog } from '../components/cancel-order-dialog.tsx';
import { OrdersTable, OrdersTableSkeleton, type PayAction } from '../components/orders-table.tsx';
import './my-orders-page.css';
import { LoadError } from '../../../components/ui/load-error.tsx';

/**
 * /my/orders: the signed-in player's orders, newest first, 20 a page with the page in the
 * address. A pending order can be cancelled here, which gives its reserved items back at once.
 * Behind the route guard (protectedPathPrefixes), so there is always a session to ask with.
 */
export default function MyOrdersPage({ payAction }: { payAction?: PayAction } = {}) {
  const { page, goTo } = usePageParam();
  const query = useOrders(page);
  const [cancelling, setCancelling] = useState<string | null>(null);

  let body;
  if (query.isPending) {
    body = <OrdersTableSkeleton />;
  } else if (query.isError) {
    body = (
      <LoadError title="Your orders could not be loaded" query={query} />
    );
  } else {
    const { orders, total, limit } = query.data.data;
    if (total === 0) {
      body = (
        <div className="my-orders__empty" data-testid="orders-empty">
          <p>You have no orders yet.</p>
          <Link to={paths.shop.getHref()} className={buttonClass('primary')}>
            Visit the shop
          </Link>
        </div>
      );
    } else {
      body = (
        <>
          {orders.length === 0 ? (
            <p className="my-orders__empty">
              There are no orders on this page. <Link to={paths.myOrders.getHref()}>See your latest orders</Link>
            </p>
          ) : (
            <OrdersTable orders={orders} refreshing={query.isPlaceholderData} onCancel={setCancelling} payAction={payAction} />
          )}
          <Pagination page={page} total={total} limit={limit || MY_ORDERS_PAGE_SIZE} onPageChange={goTo} />
        </>
      );
    }
  }

  return (
    <div className="page my-orders">
      <h1>My orders</h1>
      {body}
      <CancelOrderDialog code={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}
