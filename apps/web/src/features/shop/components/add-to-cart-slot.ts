import type { ComponentType } from 'react';
import type { ButtonVariant } from '../../../components/ui/button.tsx';
import type { NewCartItem } from '../../../lib/cart-store.ts';

/**
 * The cart's "Add to cart" control, as the shop's cards and promo take it. The shop does not
 * import the cart area: the page that composes both (app/routes/shop-page.tsx) passes it in.
 */
export type AddToCartSlot = ComponentType<{
  /** null while the item is still loading: the control waits disabled */
  item: NewCartItem | null;
  disabled?: boolean;
  variant?: ButtonVariant;
  className?: string;
}>;
