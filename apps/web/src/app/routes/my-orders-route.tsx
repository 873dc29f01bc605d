import type { Order } from '@starport/schemas';
import { ContinuePayment } from '../../features/checkout/components/continue-payment.tsx';
import MyOrdersPage from '../../features/orders/pages/my-orders-page.tsx';

/**
 * My Orders with Continue payment on a pending order (issue 12, item 2): orders and checkout
 * are separate areas, so the page is composed here. A crypto order is paid by sending its
 * quoted transfer from the wallet, so it has no button.
 */
const continueAction = (order: Order) => (order.method === 'crypto' ? null : <ContinuePayment order={order} />);

export default function MyOrdersRoute() {
  return <MyOrdersPage payAction={continueAction} />;
}
