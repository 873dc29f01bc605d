import { RARITY_NAMES } from '@starport/schemas/fairness';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A date and time in the player's own time zone, e.g. "Nov 22, 2026, 2:18 AM". */
export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};

/** "Epic" for 2; an unknown code is shown as it came rather than hidden. */
export const rarityName = (rarity: number): string => RARITY_NAMES[rarity] ?? `Rarity ${rarity}`;

/** A 64-character hex value shortened for a table cell; the full value goes in a title and the Verify link. */
export const shortHex = (hex: string): string => (hex.length > 20 ? `${hex.slice(0, 10)}…${hex.slice(-6)}` : hex);
