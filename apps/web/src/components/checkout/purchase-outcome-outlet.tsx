import { lazy, Suspense } from 'react';
import { dismissPurchaseOutcome, usePurchaseOutcome } from './purchase-outcome.ts';

// The dialog (and its order query) loads only after a purchase: the outlet sits on every page.
const PurchaseSuccessDialog = lazy(() => import('./purchase-success-dialog.tsx'));

/** Where 'Item purchased successfully.' shows after the widget's success (mounted by the root layout). */
export function PurchaseOutcomeOutlet() {
  const order = usePurchaseOutcome((s) => s.order);
  if (!order) return null;
  return (
    <Suspense fallback={null}>
      <PurchaseSuccessDialog key={order} order={order} onClose={dismissPurchaseOutcome} />
    </Suspense>
  );
}
