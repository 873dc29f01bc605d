import { addToCart, selectQuantityOf, useCartStore, type NewCartItem } from '../../../lib/cart-store.ts';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import './add-to-cart-button.css';

type AddToCartButtonProps = {
  /** null while the item is still loading: the button waits disabled */
  item: NewCartItem | null;
  disabled?: boolean;
  variant?: ButtonVariant;
  className?: string;
};

/**
 * Adds one of the item to the cart. The label stays "Add to cart" so it can be pressed again;
 * the line under it says how many are in the cart, and a refused add shows the reason
 * (spec §8 "Cart add exception": its title and msg).
 */
export function AddToCartButton({ item, disabled = false, variant = 'primary', className }: AddToCartButtonProps) {
  const inCart = useCartStore(selectQuantityOf(item ?? { _id: '', object: 'spaceship' }));
  const add = () => {
    if (!item) return;
    const refused = addToCart(item);
    if (refused) toast(refused.msg, { title: refused.title, tone: 'error' });
  };
  return (
    <div className={['add-to-cart', className].filter(Boolean).join(' ')}>
      <Button variant={variant} disabled={disabled || !item} onClick={add} aria-label={item ? `Add to cart: ${item.name}` : undefined}>
        Add to cart
      </Button>
      <span className="add-to-cart__status" role="status">
        {inCart > 0 ? `${inCart} in your cart` : ''}
      </span>
    </div>
  );
}
