/**
 * Paths of the generated art. A path says everything needed to draw its picture, so the image
 * endpoint never reads the database and every path can be cached for good. The version
 * segment (v1) changes whenever the drawings do, so browsers and the disk cache fetch anew.
 * The browser adds `?resize=WxH` (300x300 on lists, 800x800 on details).
 */
export const IMAGE_SIZES = ['150x150', '300x300', '600x600', '800x800', '1200x1200'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

export type Element = 0 | 1 | 2; // 0 Human, 1 AI, 2 Alien
export type Rarity = 0 | 1 | 2 | 3; // 0 Common, 1 Rare, 2 Epic, 3 Legendary

export const shipImagePath = (element: Element, rarity: Rarity, seed: number) =>
  `/images/v1/ship/${element}-${rarity}-${seed}`;
export const unitImagePath = (type: 1 | 2 | 3 | 4 | 5) => `/images/v1/unit/${type}`;
export const blindBoxImagePath = () => '/images/v1/blindbox/frontier';
export const dncImagePath = (amount: number) => `/images/v1/dnc/${amount}`;

/** The prefix the image endpoint is registered under. */
export const ART_PREFIX = '/images/v1';

export const withSize = (path: string, size: ImageSize) => `${path}?resize=${size}`;

/** A penguin of the collection: rarity 0 Common, 1 Rare, 2 Legendary, 3 1 of 1. */
export const penguinImagePath = (rarity: 0 | 1 | 2 | 3, seed: number) => `/images/v1/penguin/${rarity}-${seed}`;
