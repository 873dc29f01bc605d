/**
 * Fixed facts of the catalogue, shared by the API (seed, filters, answers) and the web app
 * (labels, filters). Database rows carry the numeric codes; these give them names.
 */

export const ELEMENTS = [
  {
    code: 0,
    key: 'human',
    name: 'Human',
    team: 'Terran Vanguard',
    description:
      "Humanity's fleet: heavy armour, field-repair crews and hulls built to outlast a fight rather than end it quickly.",
  },
  {
    code: 1,
    key: 'ai',
    name: 'AI',
    team: 'Synthetic Collective',
    description:
      'Machine-minded ships with precise targeting and the fastest rocket cycles; they never tire and never flinch.',
  },
  {
    code: 2,
    key: 'alien',
    name: 'Alien',
    team: 'Xeno Swarm',
    description: 'Living vessels of unknown origin that regenerate as they fly and strike with bio-plasma weapons.',
  },
] as const;

export const RARITIES = [
  { code: 0, key: 'common', name: 'Common' },
  { code: 1, key: 'rare', name: 'Rare' },
  { code: 2, key: 'epic', name: 'Epic' },
  { code: 3, key: 'legendary', name: 'Legendary' },
] as const;

/** Only this many Legendary ships can ever exist; the database enforces it. */
export const LEGENDARY_SUPPLY = 150;

/** What a listing sells. Units are container-house apartments. */
export const LISTING_KINDS = ['ship', 'dnc', 'house_unit'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

/** Container-house unit types and their apartment ranges (spec: 120 units in all). */
export const HOUSE_UNIT_TYPES = [
  { type: 1, apartFrom: 1, apartTo: 24 },
  { type: 2, apartFrom: 25, apartTo: 72 },
  { type: 3, apartFrom: 73, apartTo: 88 },
  { type: 4, apartFrom: 89, apartTo: 105 },
  { type: 5, apartFrom: 106, apartTo: 120 },
] as const;
export const HOUSE_UNIT_COUNT = 120;
/** The fixed 26% APR of the container-house line, in basis points. */
export const HOUSE_APR_BPS = 2600;

export const apartLabel = (from: number, to: number) => `Apart ${from}-${to}`;

/** The Frontier Blind Box: $250 sale price, $1000 listed price. */
export const BLIND_BOX = {
  code: 'frontier',
  name: 'Frontier Blind Box',
  salePriceMicro: 250_000_000,
  listPriceMicro: 1_000_000_000,
} as const;

/** Page sizes (spec §9) and the cap every list call enforces. */
export const MARKETPLACE_PAGE_SIZE = 20;
export const SHOP_PAGE_SIZE = 16;
export const TOP_LIST_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
/** Totals of price-filtered lists are counted exactly up to here (docs/decisions/0010). */
export const COUNT_CAP = 10_000;
