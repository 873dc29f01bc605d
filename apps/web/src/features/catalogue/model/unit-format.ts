import { formatDecimal } from '../../../lib/number-text.ts';

/**
 * Container-house figures as players read them. Their prices are fiat prices like any other
 * and are written by lib/format.ts formatPrice (docs/decisions/0028-one-word-for-money.md).
 * Digits as Intl's en-US, without its set-up (lib/number-text.ts).
 */
/** 2600 basis points → "26% APR" (the APR comes from the data, never a fixed label). */
export const formatApr = (bps: number): string => `${formatDecimal(bps / 100, 0, 2)}% APR`;

/** 87, 160 → "87 / 160" */
export const formatMinted = (minted: number, total: number): string =>
  `${formatDecimal(minted, 0, 0)} / ${formatDecimal(total, 0, 0)}`;

/** "Type 2", "Apart 25-72" → "Type 2 · Apart 25-72" */
export const unitTypeLabel = (name: string, apartLabel: string | undefined): string =>
  apartLabel ? `${name} · ${apartLabel}` : name;
