import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTiers, DEFAULT_DISCOUNT_TIERS, priceCart, type PricedQuantity } from './price-cart.ts';

const usd = (n: number) => BigInt(Math.round(n * 1e6));
const ship = (total: number, sell = 100, list = 120): PricedQuantity => ({ total, sellPriceMicro: usd(sell), listPriceMicro: usd(list) });

describe('priceCart', () => {
  it('an empty cart costs nothing and is a whole tier away from the first discount', () => {
    expect(priceCart([], DEFAULT_DISCOUNT_TIERS)).toEqual({
      totalItems: 0,
      totalsubMicro: 0n,
      discountMicro: 0n,
      priceTotalMicro: 0n,
      basePriceMicro: 0n,
      discountPercent: 0,
      nextDiscount: 5,
      missingCount: 3,
    });
  });

  it('counts quantities, not lines, towards a tier, and says what the next tier needs', () => {
    const two = priceCart([ship(2)], DEFAULT_DISCOUNT_TIERS);
    expect([two.discountPercent, two.nextDiscount, two.missingCount]).toEqual([0, 5, 1]);
    const three = priceCart([ship(1), ship(2, 250, 1000)], DEFAULT_DISCOUNT_TIERS);
    expect(three.totalsubMicro).toBe(usd(600));
    expect(three.basePriceMicro).toBe(usd(2120));
    expect(three.discountPercent).toBe(5);
    expect(three.discountMicro).toBe(usd(30));
    expect(three.priceTotalMicro).toBe(usd(570));
    expect([three.nextDiscount, three.missingCount]).toEqual([10, 2]);
    const top = priceCart([ship(12)], DEFAULT_DISCOUNT_TIERS);
    expect([top.discountPercent, top.nextDiscount, top.missingCount]).toEqual([15, 0, 0]);
  });

  it('rounds the discount to the cent, half up', () => {
    // 3 × $0.99 = $2.97; 5% = $0.1485 → $0.15
    const r = priceCart([ship(3, 0.99, 0.99)], DEFAULT_DISCOUNT_TIERS);
    expect(r.discountMicro).toBe(usd(0.15));
    expect(r.priceTotalMicro).toBe(usd(2.82));
  });

  it('never lists a "was" price below what is charged', () => {
    expect(priceCart([ship(1, 100, 80)], []).basePriceMicro).toBe(usd(100));
  });

  it('for any cart: total = subtotal − discount, the discount is whole cents and never more than the tier allows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ total: fc.integer({ min: 1, max: 100 }), cents: fc.integer({ min: 1, max: 10_000_000 }) }), { maxLength: 50 }),
        (lines) => {
          const priced = lines.map((l) => ({ total: l.total, sellPriceMicro: BigInt(l.cents) * 10_000n, listPriceMicro: BigInt(l.cents) * 10_000n }));
          const r = priceCart(priced, DEFAULT_DISCOUNT_TIERS);
          expect(r.priceTotalMicro + r.discountMicro).toBe(r.totalsubMicro);
          expect(r.discountMicro % 10_000n).toBe(0n);
          expect(r.discountMicro * 100n).toBeLessThanOrEqual(r.totalsubMicro * BigInt(r.discountPercent) + 500_000n);
          expect(r.priceTotalMicro >= 0n).toBe(true);
        },
      ),
    );
  });
});

describe('checkTiers', () => {
  it('accepts the defaults and no tiers at all', () => {
    expect(checkTiers(DEFAULT_DISCOUNT_TIERS)).toBeNull();
    expect(checkTiers([])).toBeNull();
  });
  it('refuses two tiers of one size, a bigger tier that gives less, and more than 2 decimals', () => {
    expect(checkTiers([{ min_items: 3, percent: 5 }, { min_items: 3, percent: 8 }])).toMatch(/Two discount tiers start at 3/);
    expect(checkTiers([{ min_items: 3, percent: 10 }, { min_items: 5, percent: 5 }])).toMatch(/more than 10%/);
    expect(checkTiers([{ min_items: 3, percent: 5.125 }])).toMatch(/2 decimals/);
  });
});
