/** The header's cart button carries this id, so a cart dialog whose opener is gone can land there. */
export const CART_BUTTON_ID = 'cart-button';

export const cartButtonElement = (): HTMLElement | null => document.getElementById(CART_BUTTON_ID);
