import { DEFAULT_PLOT_VALUATION, type OwnedCell } from '@starport/schemas';

export type CellStatus = 'mine' | 'my_collection' | 'others' | 'free';

export type CellDescription = {
  id: number;
  status: CellStatus;
  /** ISO 3166-1 alpha-2, null in international waters, undefined while the lookup loads */
  country: string | null | undefined;
  /** USD */
  valuation: number;
  /** the owner's name, or null for a free plot */
  owner: string | null;
};

export const STATUS_TEXT: Record<CellStatus, string> = {
  mine: 'Yours',
  my_collection: 'Yours, in one of your collections',
  others: 'Owned by another player',
  free: 'Free',
};

/**
 * What the map tells about one cell. An owned cell is described by the server's answer; a free
 * one (not in the answer) by the offline country lookup and the valuation a plot bought now
 * gets (the spec's 25 when the answer has not come).
 */
export function describeCell(
  id: number,
  owned: OwnedCell | undefined,
  freeCell: { country: string | null | undefined; plotValuation: number | undefined },
): CellDescription {
  if (owned) return { id, status: owned.layer, country: owned.country, valuation: owned.valuation, owner: owned.owner };
  return { id, status: 'free', country: freeCell.country, valuation: freeCell.plotValuation ?? DEFAULT_PLOT_VALUATION, owner: null };
}

const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

/** "France (FR)"; "International waters" for no country. */
export function countryText(code: string | null | undefined): string {
  if (code === undefined) return 'Looking up…';
  if (!code) return 'International waters';
  let name: string | undefined;
  try {
    name = regionNames?.of(code);
  } catch {
    name = undefined; // a code Intl does not know: show the code alone
  }
  return name && name !== code ? `${name} (${code})` : code;
}
