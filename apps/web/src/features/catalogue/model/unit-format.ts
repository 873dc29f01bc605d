import { once } from '../../../lib/once.ts';

/**
 * Container-house figures as players read them. Their prices are fiat prices like any other
 * and are written by lib/format.ts formatPrice (docs/decisions/0028-one-word-for-money.md).
 */
const whole = once(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));
const percent = once(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }));

/** 2600 basis points → "26% APR" (the APR comes from the data, never a fixed label). */
export const formatApr = (bps: number): string => `${percent().format(bps / 100)}% APR`;

/** 87, 160 → "87 / 160" */
export const formatMinted = (minted: number, total: number): string =>
  `${whole().format(minted)} / ${whole().format(total)}`;

/** "Type 2", "Apart 25-72" → "Type 2 · Apart 25-72" */
export const unitTypeLabel = (name: string, apartLabel: string | undefined): string =>
  apartLabel ? `${name} · ${apartLabel}` : name;
