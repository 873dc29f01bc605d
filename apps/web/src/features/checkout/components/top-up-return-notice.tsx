import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { TOP_UP_CANCELLED } from '../model/messages.ts';
import { topUpReturnOf, withoutTopUpReturn } from '../model/top-up-return.ts';
import { TopUpOrderStatus } from './top-up-order-status.tsx';

/**
 * On the land page the card provider returns to (/assets?topup=success|cancel&order={code}):
 * how the top-up went. A success return follows the order until the server has it paid, then
 * says "Payment completed." and reads the balance again; a cancelled one says nothing was
 * charged. Dismissing it takes the parameters off the address, so a reload does not repeat it.
 */
export function TopUpReturnNotice() {
  const [search, setSearch] = useSearchParams();
  const back = topUpReturnOf(search);
  if (!back) return null;
  const dismiss = () => setSearch(withoutTopUpReturn(search), { replace: true });

  return (
    <section className="top-up-return" aria-label="Land credit top-up" data-testid="top-up-return">
      {back.result === 'cancel' ? (
        <Alert tone="info" onDismiss={dismiss}>
          {TOP_UP_CANCELLED}
        </Alert>
      ) : back.order ? (
        <TopUpOrderStatus key={back.order} code={back.order} onDismiss={dismiss} />
      ) : (
        <Alert tone="error" title="No order in this link" onDismiss={dismiss}>
          This address does not name an order. If you paid, your land credit is added as soon as the payment is
          confirmed.
        </Alert>
      )}
    </section>
  );
}
