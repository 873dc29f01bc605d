import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { paths } from '../../../config/paths.ts';
import { MY_ORDERS_PAGE_SIZE, useOrders } from '../api/get-orders.ts';
import { CancelOrderDialog } from '../components/cancel-order-dialog.tsx';
import { OrdersTable, OrdersTableSkeleton, type PayAction } from '../components/orders-table.tsx';
import './my-orders-page.css';
import { LoadError } from '../../../components/ui/load-error.tsx';

/** ?page= as a page number; anything that is not a whole number from 1 up means the first page. */
function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /my/orders: the signed-in player's orders, newest first, 20 a page with the page in the
 * address. A pending order can be cancelled here, which gives its reserved items back at once.
 * Behind the route guard (protectedPathPrefixes), so there is always a session to ask with.
 */
export default function MyOrdersPage({ payAction }: { payAction?: PayAction } = {}) {
  const [search, setSearch] = useSearchParams();
  const page = pageFrom(search.get('page'));
  const query = useOrders(page);
  const [cancelling, setCancelling] = useState<string | null>(null);

  const goTo = (next: number) => {
    setSearch((current) => {
      const params = new URLSearchParams(current);
      if (next > 1) params.set('page', String(next));
      else params.delete('page');
      return params;
    });
    window.scrollTo({ top: 0 });
  };

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
