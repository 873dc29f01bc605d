import { lazy, Suspense } from 'react';
import { dismissCryptoSuccess, useCryptoOutcome } from '../model/crypto-outcome.ts';
import { dismissPurchaseOutcome, usePurchaseOutcome } from '../model/purchase-outcome.ts';

// The dialogs (and the order query) load only after a purchase: the outlet sits on every page.
const PurchaseSuccessDialog = lazy(() => import('./purchase-success-dialog.tsx'));
const CryptoSuccessDialog = lazy(() => import('./crypto-success-dialog.tsx'));
const TopUpSuccessDialog = lazy(() => import('./top-up-success-dialog.tsx'));

/**
 * Where 'Item purchased successfully.' (a land-credit top-up: its order's state) shows after the
 * widget's success, and a confirmed crypto payment's success (mounted by the root layout).
 */
export function PurchaseOutcomeOutlet() {
  const order = usePurchaseOutcome((s) => s.order);
  const topUp = usePurchaseOutcome((s) => s.topUp);
  const crypto = useCryptoOutcome((s) => s.outcome);
  return (
    <>
      {order && (
        <Suspense fallback={null}>
          {topUp ? (
            <TopUpSuccessDialog key={order} order={order} onClose={dismissPurchaseOutcome} />
          ) : (
            <PurchaseSuccessDialog key={order} order={order} onClose={dismissPurchaseOutcome} />
          )}
        </Suspense>
      )}
      {crypto && (
        <Suspense fallback={null}>
          <CryptoSuccessDialog key={crypto.invoiceCode} outcome={crypto} onClose={dismissCryptoSuccess} />
        </Suspense>
      )}
    </>
  );
}
