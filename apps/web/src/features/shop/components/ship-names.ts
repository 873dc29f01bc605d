import { formatCount } from '../../../lib/number-text.ts';

/** Element codes 0 Human, 1 AI, 2 Alien; rarity codes 0 Common … 3 Legendary (storefront.md §3). */
export const ELEMENT_NAMES = ['Human', 'AI', 'Alien'] as const;
export const RARITY_NAMES = ['Common', 'Rare', 'Epic', 'Legendary'] as const;

export const elementName = (code: number | null | undefined, fallback?: string) =>
  fallback || (code == null ? '' : (ELEMENT_NAMES[code] ?? ''));
export const rarityName = (code: number | null | undefined, fallback?: string) =>
  fallback || (code == null ? '' : (RARITY_NAMES[code] ?? ''));

/** "Sold out", or how many copies are still for sale. */
export const stockLabel = (stock: number, soldout: boolean) =>
  soldout || stock <= 0 ? 'Sold out' : `${formatCount(stock)} left`;
