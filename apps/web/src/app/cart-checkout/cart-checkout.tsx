import { CartPanel } from '../../features/cart/components/cart-panel.tsx';
import { CartCheckoutButton } from '../../features/checkout/components/checkout-button.tsx';

// Cart and checkout are areas that do not import each other: the cart shows whatever footer it
// is given, and the app layer gives it checkout's button, here.

/** The cart panel with the Checkout button under it (the shop page's cart; the header's drawer gets the button lazily). */
export function CartPanelWithCheckout({ heading }: { heading?: boolean }) {
  return <CartPanel heading={heading} footer={<CartCheckoutButton />} />;
}
