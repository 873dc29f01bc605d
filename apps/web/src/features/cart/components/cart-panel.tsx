import { CART_MAX_QUANTITY } from '@starport/schemas/cart-constants';
import { withSize } from '@starport/schemas/images';
import type { ReactNode } from 'react';
import {
  addToCart,
  deleteFromCart,
  removeFromCart,
  useCartStore,
  type CartItem,
} from '../../../lib/cart-store.ts';
import { formatPrice } from '../../../lib/format.ts';
import { CartSummary } from './cart-summary.tsx';
import { useCartPrice } from '../../../lib/cart-price.ts';
import './cart-panel.css';

type CartPanelProps = {
  /** Shown under the summary: where checkout goes (the app layer gives checkout's button). */
  footer?: ReactNode;
  /** false inside the drawer, whose own title names it */
  heading?: boolean;
};

/** The cart's lines with − / + / remove, and the server's price summary (storefront.md §2, §3). */
export function CartPanel({ footer, heading = true }: CartPanelProps) {
  const items = useCartStore((s) => s.itemsOnCart);
  return (
    <section className="cart-panel" aria-label="Your cart" data-testid="cart-panel">
      {heading && <h2 className="cart-panel__title">Your cart</h2>}
      {items.length === 0 ? (
        <p className="cart-panel__empty">
          Your cart is empty. Add a ship or a Frontier Blind Box and it will wait here for you.
        </p>
      ) : (
        <CartContents items={items} footer={footer} />
      )}
    </section>
  );
}

function CartContents({ items, footer }: { items: CartItem[]; footer?: ReactNode }) {
  const price = useCartPrice(items);
  // The server knows what has sold out since the line was added.
  const soldOut = new Set(price.data?.data.lines.filter((l) => l.soldout).map((l) => `${l.object}:${l.id}`));
  return (
    <>
      <ul className="cart-panel__lines">
        {items.map((item) => {
          const key = `${item.object}:${item._id}`;
          return <CartLineRow key={key} item={item} soldOut={soldOut.has(key)} />;
        })}
      </ul>
      <CartSummary items={items} price={price} />
      {footer}
    </>
  );
}

function CartLineRow({ item, soldOut }: { item: CartItem; soldOut: boolean }) {
  const ref = { _id: item._id, object: item.object };
  return (
    <li className="cart-line" data-testid="cart-line" data-line={`${item.object}:${item._id}`}>
      {/* The name beside it says what it is: the picture is decoration. */}
      <img className="cart-line__image" src={withSize(item.image, '300x300')} alt="" width={56} height={56} />
      <div className="cart-line__info">
        <p className="cart-line__name">{item.name}</p>
        <p className="cart-line__price">{formatPrice(item.sell_price)} each</p>
        {soldOut && <p className="cart-line__soldout">Sold out: remove it to buy the rest</p>}
      </div>
      <div className="cart-line__qty" role="group" aria-label={`Quantity of ${item.name}`}>
        <button
          type="button"
          className="cart-line__step"
          aria-label={item.total === 1 ? `Remove the last ${item.name}` : `One fewer ${item.name}`}
          onClick={() => removeFromCart(ref)}
        >
          −
        </button>
        <span className="cart-line__total" data-testid="cart-line-total">
          {item.total}
        </span>
        <button
          type="button"
          className="cart-line__step"
          aria-label={`One more ${item.name}`}
          disabled={item.total >= CART_MAX_QUANTITY}
          onClick={() => addToCart(item)}
        >
          +
        </button>
      </div>
      <button
        type="button"
        className="cart-line__remove"
        aria-label={`Remove ${item.name} from your cart`}
        onClick={() => deleteFromCart(ref)}
      >
        ×
      </button>
    </li>
  );
}
