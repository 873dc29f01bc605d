import { useState } from 'react';
import { Link } from 'react-router';
import { usePageParam } from '../../../lib/page-param.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { paths } from '../../../config/paths.ts';
import { MY_ORDERS_PAGE_SIZE, useOrders } from '../api/get-orders.ts';
import { CancelOrderDialog } from '../components/cancel-order-dialog.tsx';
import { OrdersTable, OrdersTableSkeleton, type PayAction } from '../components/orders-table.tsx';
import './my-orders-page.css';

/**
 * /my/orders: the signed-in player's orders, newest first, 20 a page with the page in the
 * address. A pending order can be cancelled here, which gives its reserved items back at once.
 * Behind the route guard (protectedPathPrefixes), so there is always a session to ask with.
 */
export default function MyOrdersPage({ payAction }: { payAction?: PayAction } = {}) {
  const { page, goTo } = usePageParam();
  const query = useOrders(page);
  const [cancelling, setCancelling] = useState<string | null>(null);

  const body = (
    <PagedList
      query={query}
      pageOf={({ data }) => ({ shown: data.orders.length, total: data.total, limit: data.limit })}
      page={page}
      onPageChange={goTo}
      defaultLimit={MY_ORDERS_PAGE_SIZE}
      loading={<OrdersTableSkeleton />}
      errorTitle="Your orders could not be loaded"
      empty={
        <div className="my-orders__empty" data-testid="orders-empty">
          <p>You have no orders yet.</p>
          <Link to={paths.shop.getHref()} className={buttonClass('primary')}>
            Visit the shop
          </Link>
        </div>
      }
      pastTheEnd={
        <p className="my-orders__empty">
          There are no orders on this page. <Link to={paths.myOrders.getHref()}>See your latest orders</Link>
        </p>
      }
    >
      {({ data }) => (
        <OrdersTable
          orders={data.orders}
          refreshing={query.isPlaceholderData}
          onCancel={setCancelling}
          payAction={payAction}
        />
      )}
    </PagedList>
  );

  return (
    <div className="page my-orders">
      <h1>My orders</h1>
      {body}
      <CancelOrderDialog code={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}
