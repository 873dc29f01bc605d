import type { CatalogueFilter, ElementKey, ListingKind } from '@starport/schemas';

/**
 * A segment folds (kind, element, rarity) into one number, the unit of the list filters
 * and of `listing_counts`: ships element*4 + rarity (0..11), DNC packs 12, units 13.
 * It mirrors the generated column `marketplace_listings.segment`.
 */
export const DNC_SEGMENT = 12;
export const UNIT_SEGMENT = 13;
export const ALL_SEGMENTS: readonly number[] = Array.from({ length: 14 }, (_, i) => i);

const ELEMENT_CODES: Record<Exclude<ElementKey, 'dnc'>, number> = { human: 0, ai: 1, alien: 2 };

export const shipSegment = (element: number, rarity: number) => element * 4 + rarity;

function kindOf(segment: number): ListingKind {
  return segment === DNC_SEGMENT ? 'dnc' : segment === UNIT_SEGMENT ? 'house_unit' : 'ship';
}

/**
 * The segments a filter keeps. Element and rarity describe ships; DNC is chosen through the
 * element list ('dnc'); units have neither, so any element or rarity filter leaves them out
 * (the `kind` filter selects them). A rarity filter keeps only ships of those rarities.
 * Returns null when every segment is kept (no segment condition needed).
 */
export function segmentsFor(filter: Pick<CatalogueFilter, 'elements' | 'rarities' | 'kinds'>): number[] | null {
  const { elements, rarities, kinds } = filter;
  const kept = ALL_SEGMENTS.filter((segment) => {
    const kind = kindOf(segment);
    if (kinds && !kinds.includes(kind)) return false;
    if (elements) {
      if (kind === 'dnc' && !elements.includes('dnc')) return false;
      if (kind === 'house_unit') return false;
      if (kind === 'ship' && !elements.some((e) => e !== 'dnc' && ELEMENT_CODES[e] === Math.floor(segment / 4))) return false;
    }
    if (rarities && (kind !== 'ship' || !rarities.includes((segment % 4) as 0 | 1 | 2 | 3))) return false;
    return true;
  });
  return kept.length === ALL_SEGMENTS.length ? null : kept;
}
