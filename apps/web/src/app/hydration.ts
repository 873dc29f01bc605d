import { CART_STORAGE_KEY, readStoredCart } from '../lib/cart-store.ts';
import { readSession } from '../lib/session-storage.ts';

/**
 * Whether this browser's first render draws what the build-time prerender drew (decision 0073):
 * no session stored (the header and the landing show a visitor's controls), an empty cart (no
 * badge), and no query in the address (the server sends the prerender only without one). The
 * rest of what differs (the site setting, the page's chunk, the lists) is "loading" in both.
 * When this says no, the prerendered markup is dropped and the app drawn afresh, as before.
 */
export const canHydrate = (): boolean =>
  window.location.search === '' && readSession() === null && readStoredCart().length === 0;

/**
 * What the boot file can check of the above before the app has loaded (app/early-press.ts): a
 * stored session token or cart means a fresh render is likely, and presses are not held then. A
 * cart stored empty is hydrated anyway; its early press is lost as before, which is rare.
 */
export const RENDER_AFRESH_KEYS: readonly string[] = ['jwt', CART_STORAGE_KEY];
