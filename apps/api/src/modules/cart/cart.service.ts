import type { CartLine, DiscountTier, PriceSummary } from '@starport/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { microToUsd } from '../../lib/money.ts';
import { readDiscountTiers } from './discount-tiers.ts';
import { priceCart } from './price-cart.ts';
import { resolveCartLines, type ResolvedLine } from './resolve-lines.ts';

/** Cart pricing and stock checks: every figure from our own tables, none from the browser. */
export class CartService {
  constructor(private readonly d: { db: DbOrTx }) {}

  /** Each line with our name, prices and stock; an id we do not sell is a 404 naming it. */
  resolve(lines: CartLine[]): Promise<ResolvedLine[]> {
    return resolveCartLines(this.d.db, lines);
  }

  /** POST /api/getprice: the price summary with the volume discount reached and the next one. */
  async price(lines: CartLine[]): Promise<PriceSummary> {
    const [resolved, tiers] = await Promise.all([this.resolve(lines), readDiscountTiers(this.d.db)]);
    return summarise(resolved, tiers);
  }

  /** POST /api/shop_payment/stock_validate: every line can be bought in the quantity asked, or a 409 that says which cannot. */
  async validateStock(lines: CartLine[]): Promise<string> {
    for (const line of await this.resolve(lines)) {
      if (line.stock === null) continue;
      if (line.stock <= 0) throw new AppError('CONFLICT', 409, `${line.name} is sold out. Please remove it from your cart.`);
      if (line.stock < line.total) {
        throw new AppError('CONFLICT', 409, `Only ${line.stock} of ${line.name} ${line.stock === 1 ? 'is' : 'are'} left. Please lower the quantity in your cart.`);
      }
    }
    return 'Every item in your cart is in stock.';
  }
}

function summarise(resolved: ResolvedLine[], tiers: DiscountTier[]): PriceSummary {
  const t = priceCart(resolved.map((l) => ({ total: l.total, sellPriceMicro: l.sellPriceMicro, listPriceMicro: l.listPriceMicro })), tiers);
  const usd = (m: bigint) => microToUsd(m.toString());
  return {
    totalsub: usd(t.totalsubMicro),
    discount: usd(t.discountMicro),
    priceTotal: usd(t.priceTotalMicro),
    basePrice: usd(t.basePriceMicro),
    discountPercent: t.discountPercent,
    nextDiscount: t.nextDiscount,
    missingCount: t.missingCount,
    totalItems: t.totalItems,
    totalsub_micro: t.totalsubMicro.toString(),
    discount_micro: t.discountMicro.toString(),
    priceTotal_micro: t.priceTotalMicro.toString(),
    basePrice_micro: t.basePriceMicro.toString(),
    lines: resolved.map(({ listPriceMicro: _l, sellPriceMicro: _s, shopStockId: _i, boxCode: _b, ...line }) => line),
    tiers,
  };
}
