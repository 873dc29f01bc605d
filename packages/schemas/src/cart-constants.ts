/**
 * Cart limits and line kinds without zod, so the header's cart button and the cart store can
 * use them without pulling the schema library into the first page's JavaScript.
 * cart.ts builds the API's schemas from these same values.
 */

/** Most copies of one line in a cart. */
export const CART_MAX_QUANTITY = 100;
/** Most different lines in a cart. */
export const CART_MAX_LINES = 50;

/** What a cart line buys: a ship from the shop, or a Frontier Blind Box. */
export const CART_OBJECTS = ['spaceship', 'blindbox'] as const;
export type CartObjectName = (typeof CART_OBJECTS)[number];
