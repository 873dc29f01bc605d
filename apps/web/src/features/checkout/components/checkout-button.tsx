import { lazy, Suspense, useState } from 'react';
import { useAccountStore } from '../../../lib/account-store.ts';
import { useCartStore } from '../../../lib/cart-store.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { saleStateOf, useSaleStatus } from '../api/get-sale-status.ts';
import { SaleNotice } from './sale-notice.tsx';
import { SIGN_IN_TO_PAY } from '../model/messages.ts';
import './checkout-button.css';

// The dialog (and its calls) loads on the first press, not with the cart.
const CheckoutDialog = lazy(() => import('./checkout-dialog.tsx'));

/**
 * The cart's Checkout button (spec §4): enabled only while sales are open; signed out it says
 * to sign in (spec §5); signed in it opens the checkout dialog for the whole cart.
 */
export function CartCheckoutButton() {
  const loggedIn = useAccountStore((s) => s.status.loggedIn);
  const items = useCartStore((s) => s.itemsOnCart);
  const sale = saleStateOf(useSaleStatus());
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const start = () => {
    if (!loggedIn) setNotice(SIGN_IN_TO_PAY);
    else setOpen(true);
  };

  return (
    <div className="cart-checkout">
      {notice && !loggedIn && (
        <Alert tone="info" onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <Button className="cart-checkout__button" disabled={sale !== 'open' || items.length === 0} onClick={start}>
        Checkout
      </Button>
      <SaleNotice sale={sale} className="cart-checkout__closed" />
      {open && loggedIn && (
        <Suspense fallback={null}>
          <CheckoutDialog open onOpenChange={setOpen} purchase={{ kind: 'cart', items }} payWithCrypto />
        </Suspense>
      )}
    </div>
  );
}
