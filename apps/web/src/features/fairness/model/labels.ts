import { RARITY_NAMES } from '@starport/schemas/fairness';

/** "Epic" for 2; an unknown code is shown as it came rather than hidden. */
export const rarityName = (rarity: number): string => RARITY_NAMES[rarity] ?? `Rarity ${rarity}`;

/** A 64-character hex value shortened for a table cell; the full value goes in a title and the Verify link. */
export const shortHex = (hex: string): string => (hex.length > 20 ? `${hex.slice(0, 10)}…${hex.slice(-6)}` : hex);
