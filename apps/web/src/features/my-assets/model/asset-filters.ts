/**
 * The filters of the spaceships page (owned-assets.md §3 Filter): element and rarity, by the
 * keys the API reads (GET /api/my/assets), and the price paid, all kept in the URL.
 */
export const ELEMENT_FILTERS = [
  { value: 'human', label: 'Human' },
  { value: 'ai', label: 'AI' },
  { value: 'alien', label: 'Alien' },
];

export const RARITY_FILTERS = [
  { value: 'common', label: 'Common' },
  { value: 'rare', label: 'Rare' },
  { value: 'epic', label: 'Epic' },
  { value: 'legendary', label: 'Legendary' },
];

export const FILTER_CHOICES = {
  element: ELEMENT_FILTERS.map((o) => o.value),
  rarity: RARITY_FILTERS.map((o) => o.value),
};
