import type { SaleState } from '../api/get-sale-status.ts';
import { SALES_CLOSED_MSG, SALE_UNKNOWN_MSG } from '../model/messages.ts';

/** Why a checkout button is disabled, under the button; nothing while buying is open. */
export function SaleNotice({ sale, className }: { sale: SaleState; className?: string }) {
  if (sale !== 'closed' && sale !== 'unknown') return null;
  return (
    <p className={['muted', className].filter(Boolean).join(' ')} data-testid="sale-notice">
      {sale === 'closed' ? SALES_CLOSED_MSG : SALE_UNKNOWN_MSG}
    </p>
  );
}
