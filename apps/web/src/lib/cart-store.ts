import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  CART_OBJECTS,
  type CartObjectName,
} from '@starport/schemas/cart-constants';
import { create } from 'zustand';

/**
 * The cart (storefront.md §3, §4). It lives in lib because the shop, the marketplace and the
 * header all use it. Prices here are display hints only: totals come from POST /api/getprice.
 * The constants come from a zod-free subpath so the header does not pull zod into the first page.
 */

/** A cart item with the spec's fields; `total` is the quantity. */
export type CartItem = {
  _id: string;
  object: CartObjectName;
  code: string;
  name: string;
  image: string;
  /** rarity code of a ship; null for a blind box */
  rarity: number | null;
  /** element code of a ship (the spec's shop `type`); null for a blind box */
  type: number | null;
  sell_price: number;
  price: number;
  soldout: boolean;
  total: number;
};
export type NewCartItem = Omit<CartItem, 'total'>;
/** Names one line: ids are unique within a kind, so kind and id together. */
export type CartLineRef = Pick<CartItem, '_id' | 'object'>;
/** Why an add was refused (spec §3 addCartException); shown with its title. */
export type CartException = { error: true; title: string; msg: string };

export type CartState = {
  itemsOnCart: CartItem[];
  cartIsOpen: boolean;
  addCartException: CartException | null;
};

export const CART_STORAGE_KEY = 'cart';
const STORAGE_VERSION = 1;

const sameLine = (a: CartLineRef, b: CartLineRef) => a._id === b._id && a.object === b.object;

const isObjectName = (value: unknown): value is CartObjectName =>
  (CART_OBJECTS as readonly unknown[]).includes(value);
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const codeOrNull = (value: unknown): number | null => (Number.isInteger(value) ? (value as number) : null);

/** Stored data is untrusted (older versions, hand edits): keep only well-formed lines. */
function sanitizeLine(raw: unknown): CartItem | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r._id !== 'string' || r._id.length === 0 || r._id.length > 64 || !isObjectName(r.object)) return null;
  if (typeof r.name !== 'string' || !finite(r.sell_price) || !Number.isInteger(r.total) || (r.total as number) < 1) {
    return null;
  }
  return {
    _id: r._id,
    object: r.object,
    code: typeof r.code === 'string' ? r.code : r.object,
    name: r.name,
    image: typeof r.image === 'string' ? r.image : '',
    rarity: codeOrNull(r.rarity),
    type: codeOrNull(r.type),
    sell_price: r.sell_price,
    price: finite(r.price) ? r.price : r.sell_price,
    soldout: r.soldout === true,
    total: Math.min(r.total as number, CART_MAX_QUANTITY),
  };
}

export function sanitizeItems(raw: unknown): CartItem[] {
  if (!Array.isArray(raw)) return [];
  const items: CartItem[] = [];
  for (const entry of raw) {
    const line = sanitizeLine(entry);
    if (line && !items.some((seen) => sameLine(seen, line))) items.push(line);
  }
  return items.slice(0, CART_MAX_LINES);
}

// Storage can throw (privacy modes, quota); the cart then lives for this page only.
const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

function parseStored(value: string | null | undefined): CartItem[] {
  if (!value) return [];
  try {
    const parsed = JSON.parse(value) as { items?: unknown };
    return sanitizeItems(parsed?.items);
  } catch {
    return [];
  }
}

export const readStoredCart = (): CartItem[] => parseStored(storage()?.getItem(CART_STORAGE_KEY));

function writeStoredCart(items: CartItem[]): void {
  try {
    storage()?.setItem(CART_STORAGE_KEY, JSON.stringify({ version: STORAGE_VERSION, items }));
  } catch {
    // full or blocked storage: the cart still works until the page is left
  }
}

export const useCartStore = create<CartState>()(() => ({
  itemsOnCart: readStoredCart(),
  cartIsOpen: false,
  addCartException: null,
}));

// Set while applying another tab's write, so it is not written straight back.
let applyingStored = false;

useCartStore.subscribe((state, previous) => {
  if (state.itemsOnCart !== previous.itemsOnCart && !applyingStored) writeStoredCart(state.itemsOnCart);
});

const setItems = (itemsOnCart: CartItem[]) => useCartStore.setState({ itemsOnCart });

const refuse = (title: string, msg: string): CartException => {
  const exception: CartException = { error: true, title, msg };
  useCartStore.setState({ addCartException: exception });
  return exception;
};

/**
 * Adds one of `item`: a line already in the cart goes up by one (spec §4), else a new line
 * with quantity 1. Returns why it was refused, or null; the reason is also kept in the state.
 */
export function addToCart(item: NewCartItem): CartException | null {
  const items = useCartStore.getState().itemsOnCart;
  const existing = items.find((line) => sameLine(line, item));
  if (item.soldout) return refuse('Sold out', `${item.name} is sold out.`);
  if (existing && existing.total >= CART_MAX_QUANTITY) {
    return refuse('Quantity limit reached', `You can have at most ${CART_MAX_QUANTITY} of ${item.name} in your cart.`);
  }
  if (!existing && items.length >= CART_MAX_LINES) {
    return refuse(
      'Your cart is full',
      `A cart holds at most ${CART_MAX_LINES} different items. Remove one to make room for ${item.name}.`,
    );
  }
  // The newest name, picture and sale flag win: the item was just read from the API.
  const next = existing
    ? items.map((line) => (line === existing ? { ...line, ...item, total: line.total + 1 } : line))
    : [...items, { ...item, total: 1 }];
  useCartStore.setState({ itemsOnCart: next, addCartException: null });
  return null;
}

/** One fewer; the line goes at zero (spec §4). */
export function removeFromCart(ref: CartLineRef): void {
  const items = useCartStore.getState().itemsOnCart;
  setItems(
    items.flatMap((line) => {
      if (!sameLine(line, ref)) return [line];
      return line.total > 1 ? [{ ...line, total: line.total - 1 }] : [];
    }),
  );
}

/** The whole line, whatever its quantity. */
export function deleteFromCart(ref: CartLineRef): void {
  setItems(useCartStore.getState().itemsOnCart.filter((line) => !sameLine(line, ref)));
}

export function clearCart(): void {
  useCartStore.setState({ itemsOnCart: [], addCartException: null });
}

export const setCartOpen = (cartIsOpen: boolean): void => useCartStore.setState({ cartIsOpen });
export const dismissCartException = (): void => useCartStore.setState({ addCartException: null });

/** Distinct lines (spec §3 totalItems), what the header badge counts. */
export const selectTotalItems = (state: CartState): number => state.itemsOnCart.length;
/** Σ sell_price × quantity (spec §3 totalPrice): a hint; checkout charges the server's figure. */
export const selectTotalPrice = (state: CartState): number =>
  state.itemsOnCart.reduce((sum, line) => sum + line.sell_price * line.total, 0);
export const selectQuantityOf =
  (ref: CartLineRef) =>
  (state: CartState): number =>
    state.itemsOnCart.find((line) => sameLine(line, ref))?.total ?? 0;

/** Another tab changed the cart (or cleared storage): follow it. */
function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
  if (event.storageArea && event.storageArea !== storage()) return;
  applyingStored = true;
  try {
    setItems(parseStored(event.key === null ? null : event.newValue));
  } finally {
    applyingStored = false;
  }
}

if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
