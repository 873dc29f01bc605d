/**
 * Container-house figures as players read them. Units are priced in USDC (1 USDC = 1 USD),
 * with the 3 decimals the spec uses for detail prices (§9).
 */
const usdc = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 215.5 → "215.500 USDC" */
export const formatUsdc = (amount: number): string => `${usdc.format(amount)} USDC`;

/** 2600 basis points → "26% APR" (the APR comes from the data, never a fixed label). */
export const formatApr = (bps: number): string => `${percent.format(bps / 100)}% APR`;

/** 87, 160 → "87 / 160" */
export const formatMinted = (minted: number, total: number): string => `${whole.format(minted)} / ${whole.format(total)}`;

/** "Type 2", "Apart 25-72" → "Type 2 · Apart 25-72" */
export const unitTypeLabel = (name: string, apartLabel: string | undefined): string =>
  apartLabel ? `${name} · ${apartLabel}` : name;
