import type { DiscountTier } from '@starport/schemas';

/**
 * Volume-discount arithmetic on integer micro-units (USD × 10⁶). Pure: the same cart and
 * tiers always give the same figures, in the price summary and later in the order.
 */

/** The defaults until the operator sets others (`npm run admin -- discounts set …`). */
export const DEFAULT_DISCOUNT_TIERS: DiscountTier[] = [
  { min_items: 3, percent: 5 },
  { min_items: 5, percent: 10 },
  { min_items: 10, percent: 15 },
];

/** One priced line: quantity and our own unit prices. */
export type PricedQuantity = { total: number; sellPriceMicro: bigint; listPriceMicro: bigint };

export type Totals = {
  totalItems: number;
  totalsubMicro: bigint;
  discountMicro: bigint;
  priceTotalMicro: bigint;
  basePriceMicro: bigint;
  discountPercent: number;
  nextDiscount: number;
  missingCount: number;
};

const CENT = 10_000n;

/** Tiers in ascending order of size; two tiers of one size or a bigger tier with a smaller percent make no sense. */
export function checkTiers(tiers: DiscountTier[]): string | null {
  const sorted = [...tiers].sort((a, b) => a.min_items - b.min_items);
  for (let i = 1; i < sorted.length; i++) {
    const [prev, cur] = [sorted[i - 1]!, sorted[i]!];
    if (prev.min_items === cur.min_items) return `Two discount tiers start at ${cur.min_items} items.`;
    if (cur.percent <= prev.percent) return `The tier from ${cur.min_items} items must give more than ${prev.percent}% off.`;
  }
  for (const t of sorted) if (Math.round(t.percent * 100) !== t.percent * 100) return 'Discount percentages have at most 2 decimals.';
  return null;
}

/** Basis points of a percentage with at most 2 decimals (12.5 → 1250). */
const bps = (percent: number) => BigInt(Math.round(percent * 100));

/** `amount × bps / 10000`, rounded half up to the cent: card providers charge whole cents. */
function percentOf(amountMicro: bigint, percentBps: bigint): bigint {
  const exact = amountMicro * percentBps; // in micro × 10000
  const cents = (exact + (CENT * 10_000n) / 2n) / (CENT * 10_000n);
  return cents * CENT;
}

export function priceCart(lines: PricedQuantity[], tiers: DiscountTier[]): Totals {
  const sorted = [...tiers].sort((a, b) => a.min_items - b.min_items);
  let totalItems = 0;
  let totalsubMicro = 0n;
  let basePriceMicro = 0n;
  for (const line of lines) {
    totalItems += line.total;
    totalsubMicro += line.sellPriceMicro * BigInt(line.total);
    // A listed price below the sale price would make the "was" figure a lie: never below.
    basePriceMicro += (line.listPriceMicro > line.sellPriceMicro ? line.listPriceMicro : line.sellPriceMicro) * BigInt(line.total);
  }
  const reached = sorted.filter((t) => totalItems >= t.min_items).at(-1);
  const next = sorted.find((t) => totalItems < t.min_items);
  const discountPercent = reached?.percent ?? 0;
  const discountMicro = percentOf(totalsubMicro, bps(discountPercent));
  return {
    totalItems,
    totalsubMicro,
    discountMicro,
    priceTotalMicro: totalsubMicro - discountMicro,
    basePriceMicro,
    discountPercent,
    nextDiscount: next?.percent ?? 0,
    missingCount: next ? next.min_items - totalItems : 0,
  };
}
