/** Penguin staking's constants, free of zod so the web app imports them alone (`@starport/schemas/penguin-rules`). */

/** Rarity 0..3 with the spec's names. */
export const PENGUIN_RARITIES = ['Common', 'Rare', 'Legendary', '1 of 1'] as const;
/** What an assigned ship earns on a penguin of each rarity, in percent of the daily rate (decision 0039). */
export const PENGUIN_BOOST_PERCENT = [100, 125, 150, 200] as const;
/** The ship selection dialog (owned-assets.md §9): 6 a page, page window ±8. */
export const SHIP_SELECTION_PAGE_SIZE = 6;
export const SHIP_SELECTION_WINDOW = 8;

/** DNC a ship earns in one whole day on a penguin of `rarity` at `ratePerDay`. */
export const dailyPenguinDnc = (ratePerDay: number, rarity: number) =>
  Math.floor((ratePerDay * (PENGUIN_BOOST_PERCENT[rarity] ?? 100)) / 100);
