import { lazy, Suspense, useState } from 'react';
import { useAccountStore } from '../../../lib/account-store.ts';
import { saleStateOf, useSaleStatus } from '../api/get-sale-status.ts';
import type { CheckoutItem, CheckoutListing, CheckoutPurchase } from './checkout-dialog.tsx';
import { SIGN_IN_TO_PAY } from '../model/messages.ts';
import { SaleNotice } from './sale-notice.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';

// The dialog and its calls load on the first press of BUY NOW.
const CheckoutDialog = lazy(() => import('./checkout-dialog.tsx'));

type BuyNowProps = {
  /** why the item cannot be bought (sold out, withdrawn, no longer listed), or null */
  unavailable: string | null;
  /** the shop item to pay for (shop pages) */
  checkout?: CheckoutItem;
  /** the marketplace listing to pay for (marketplace pages) */
  listing?: CheckoutListing;
};

/**
 * BUY NOW of the detail pages (spec §4 "Purchase from a detail page"): signed out it tells the
 * player to sign in (spec §5); signed in it opens the checkout dialog for this one shop item or
 * marketplace listing, while sales are open: the same dialog and choices (card provider, the
 * Wert widget, or cryptocurrency from the linked wallet) for both.
 */
export function BuyNow({ unavailable, checkout, listing }: BuyNowProps) {
  const loggedIn = useAccountStore((s) => s.status.loggedIn);
  const [notice, setNotice] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  if ((checkout || listing) && loggedIn) {
    const purchase: DetailPurchase = listing ? { kind: 'listing', listing } : { kind: 'item', item: checkout! };
    return <SignedInBuyNow unavailable={unavailable} purchase={purchase} open={open} setOpen={setOpen} />;
  }
  return (
    <>
      {notice && !loggedIn && (
        <Alert tone="info" onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <Button disabled={loggedIn || unavailable !== null} onClick={() => setNotice(SIGN_IN_TO_PAY)}>
        BUY NOW
      </Button>
      {unavailable !== null ? (
        <p className="muted">{unavailable}</p>
      ) : (
        loggedIn && <p className="muted">Checkout is not open yet.</p>
      )}
    </>
  );
}

type DetailPurchase = Exclude<CheckoutPurchase, { kind: 'cart' }>;

type SignedInProps = {
  unavailable: string | null;
  purchase: DetailPurchase;
  open: boolean;
  setOpen: (open: boolean) => void;
};

function SignedInBuyNow({ unavailable, purchase, open, setOpen }: SignedInProps) {
  const sale = saleStateOf(useSaleStatus());
  return (
    <>
      <Button disabled={unavailable !== null || sale !== 'open'} onClick={() => setOpen(true)}>
        BUY NOW
      </Button>
      {unavailable !== null ? <p className="muted">{unavailable}</p> : <SaleNotice sale={sale} />}
      {open && (
        <Suspense fallback={null}>
          <CheckoutDialog open onOpenChange={setOpen} purchase={purchase} payWithCrypto />
        </Suspense>
      )}
    </>
  );
}
