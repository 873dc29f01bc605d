import { useState, type ReactNode } from 'react';
import { selectTotalItems, useCartStore } from '../../../lib/cart-store.ts';
import { formatPrice } from '../../../lib/format.ts';
import { CartDrawer } from './cart-drawer.tsx';
import { useCartPrice } from '../../../lib/cart-price.ts';
import './cart-bar.css';

/**
 * The cart folded into one row, for phones: the whole panel above the list would push the
 * ships off the screen. It opens the panel in a drawer. Nothing shows while the cart is empty.
 */
export function CartBar({ footer, className }: { footer?: ReactNode; className?: string }) {
  const items = useCartStore((s) => s.itemsOnCart);
  const lines = useCartStore(selectTotalItems);
  const price = useCartPrice(items);
  const [open, setOpen] = useState(false);
  if (lines === 0) return null;
  const total = price.data && !price.isError ? formatPrice(price.data.data.priceTotal) : null;
  return (
    <div className={['cart-bar', className].filter(Boolean).join(' ')}>
      <button type="button" className="cart-bar__open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span>
          View cart · {lines} {lines === 1 ? 'item' : 'items'}
        </span>
        {total && <span className="cart-bar__total">{total}</span>}
      </button>
      <CartDrawer open={open} onOpenChange={setOpen} footer={footer} />
    </div>
  );
}
