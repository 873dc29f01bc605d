import type { CartLine } from '@starport/schemas';
import { BOX_PREFIX } from '../../lib/pricing/resolve-lines.ts';

/**
 * The order lines of a purchase from a detail page (`POST /api/payment/wertio { id }`): one copy
 * of the item the page shows. Blind-box ids carry their prefix; every other id is a shop ship.
 * The one place that knows which kinds of item a detail page sells: a marketplace listing
 * becomes another branch here when listings can be ordered.
 */
export function detailPageLines(id: string): CartLine[] {
  return [{ id, total: 1, object: id.startsWith(BOX_PREFIX) ? 'blindbox' : 'spaceship' }];
}
