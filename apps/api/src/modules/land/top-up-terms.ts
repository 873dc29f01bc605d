import { topUpBoundsMsg, type TopUpTermsResponse } from '@starport/schemas';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { readSetting, writeSetting } from '../../db/settings.ts';
import { badRequest } from '../../lib/app-error.ts';
import { microToUsd } from '../../lib/money.ts';

/**
 * What one land credit costs in USD and how many one top-up may buy: operator settings
 * (decision 0047), read by the server each time it prices a top-up. The browser only shows them.
 */
export const CREDIT_PRICE_KEY = 'land_credit_usd_micro';
export const TOP_UP_MIN_KEY = 'land_credit_topup_min';
export const TOP_UP_MAX_KEY = 'land_credit_topup_max';
export const DEFAULT_CREDIT_PRICE_MICRO = 1_000_000n;
export const DEFAULT_TOP_UP_MIN = 1;
export const DEFAULT_TOP_UP_MAX = 1000;

/** A credit costs whole cents (card providers charge cents), from $0.01 to $10,000. */
const MICRO_PER_CENT = 10_000n;
const MAX_PRICE_MICRO = 10_000_000_000n;
/** The most one top-up may ever buy, whatever the setting: the schema's own bound on `quantity`. */
export const TOP_UP_HARD_MAX = 1_000_000;

const Quantity = z.number().int().min(1).max(TOP_UP_HARD_MAX);
/** Written as a string of micro-units (exact, as every amount of money here); a whole number is read too. */
const PriceMicro = z
  .union([z.string().regex(/^\d{1,15}$/), z.number().int().nonnegative()])
  .transform((v) => BigInt(v))
  .refine((m) => m > 0n && m <= MAX_PRICE_MICRO && m % MICRO_PER_CENT === 0n);

export type TopUpTerms = { priceMicro: bigint; min: number; max: number };

/** The stored terms; each setting missing (or no longer valid) is its default, and bounds out of order are the defaults. */
export async function readTopUpTerms(db: DbOrTx): Promise<TopUpTerms> {
  const price = PriceMicro.safeParse(await readSetting(db, CREDIT_PRICE_KEY));
  const min = Quantity.safeParse(await readSetting(db, TOP_UP_MIN_KEY));
  const max = Quantity.safeParse(await readSetting(db, TOP_UP_MAX_KEY));
  const bounds =
    min.success && max.success && min.data > max.data
      ? { min: DEFAULT_TOP_UP_MIN, max: DEFAULT_TOP_UP_MAX }
      : { min: min.success ? min.data : DEFAULT_TOP_UP_MIN, max: max.success ? max.data : DEFAULT_TOP_UP_MAX };
  return { priceMicro: price.success ? price.data : DEFAULT_CREDIT_PRICE_MICRO, ...bounds };
}

/** GET /api/credit/topup's answer. */
export async function topUpTerms(db: DbOrTx): Promise<TopUpTermsResponse> {
  const t = await readTopUpTerms(db);
  return {
    error: false,
    usd_per_credit: microToUsd(t.priceMicro.toString()),
    usd_per_credit_micro: t.priceMicro.toString(),
    min_quantity: t.min,
    max_quantity: t.max,
  };
}

/** A quantity outside the bounds is the 400 that names them; inside, the terms it is priced by. */
export async function termsFor(db: DbOrTx, quantity: number): Promise<TopUpTerms> {
  const terms = await readTopUpTerms(db);
  if (!Number.isSafeInteger(quantity) || quantity < terms.min || quantity > terms.max)
    throw badRequest(topUpBoundsMsg(terms.min, terms.max));
  return terms;
}

/** The operator's price of one credit, in micro-units (whole cents). */
export async function writeCreditPrice(db: DbOrTx, priceMicro: bigint): Promise<TopUpTerms> {
  if (!PriceMicro.safeParse(priceMicro.toString()).success)
    throw badRequest('A land credit costs whole cents, from $0.01 to $10,000.');
  await writeSetting(db, CREDIT_PRICE_KEY, priceMicro.toString());
  return readTopUpTerms(db);
}

/** The operator's bounds of one top-up, both at once so they are never out of order. */
export async function writeTopUpBounds(db: DbOrTx, min: number, max: number): Promise<TopUpTerms> {
  if (!Quantity.safeParse(min).success || !Quantity.safeParse(max).success || min > max)
    throw badRequest(`A top-up's bounds are whole credits from 1 to ${TOP_UP_HARD_MAX.toLocaleString('en-US')}, the least not above the most.`);
  await writeSetting(db, TOP_UP_MIN_KEY, min);
  await writeSetting(db, TOP_UP_MAX_KEY, max);
  return readTopUpTerms(db);
}
