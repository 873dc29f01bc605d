import { lazy, Suspense, type ReactNode } from 'react';
import { selectTotalItems, setCartOpen, useCartStore } from '../../../lib/cart-store.ts';
import { CART_BUTTON_ID } from './cart-button-element.ts';
import './cart-button.css';

// The header is on every first page; the drawer (Radix, the price query) loads on first open.
const CartDrawer = lazy(() => import('./cart-drawer.tsx').then((m) => ({ default: m.CartDrawer })));

/**
 * The header's cart: a button with the number of lines (spec §3 totalItems) that opens the
 * cart drawer. Its open flag is the store's cartIsOpen, so other code can open it too.
 */
export function CartButton({ footer }: { footer?: ReactNode }) {
  const count = useCartStore(selectTotalItems);
  const open = useCartStore((s) => s.cartIsOpen);
  return (
    <>
      <button
        type="button"
        id={CART_BUTTON_ID}
        className="cart-button"
        aria-label={count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
        aria-haspopup="dialog"
        data-testid="cart-button"
        onClick={() => setCartOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.5a2 2 0 0 0 1.9-1.4L21 8H6.2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <circle cx="10" cy="20" r="1.5" fill="currentColor" />
          <circle cx="17" cy="20" r="1.5" fill="currentColor" />
        </svg>
        {count > 0 && (
          <span className="cart-button__badge" aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CartDrawer open onOpenChange={setCartOpen} footer={footer} />
        </Suspense>
      )}
    </>
  );
}
