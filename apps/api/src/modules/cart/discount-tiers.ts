import { z } from 'zod';
import { DiscountTierSchema, type DiscountTier } from '@starport/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { readSetting, writeSetting } from '../../db/settings.ts';
import { badRequest } from '../../lib/app-error.ts';
import { checkTiers, DEFAULT_DISCOUNT_TIERS } from './price-cart.ts';

const KEY = 'volume_discounts';
const StoredTiers = z.array(DiscountTierSchema).max(20);

/** The operator's tiers, or the defaults when none are stored (or what is stored no longer parses). */
export async function readDiscountTiers(db: DbOrTx): Promise<DiscountTier[]> {
  const parsed = StoredTiers.safeParse(await readSetting(db, KEY));
  const tiers = parsed.success && checkTiers(parsed.data) === null ? parsed.data : DEFAULT_DISCOUNT_TIERS;
  return [...tiers].sort((a, b) => a.min_items - b.min_items);
}

export async function writeDiscountTiers(db: DbOrTx, tiers: DiscountTier[]): Promise<DiscountTier[]> {
  const parsed = StoredTiers.safeParse(tiers);
  if (!parsed.success) throw badRequest('Each tier is { min_items ≥ 2, percent 0–90 }, at most 20 tiers.');
  const problem = checkTiers(parsed.data);
  if (problem) throw badRequest(problem);
  const sorted = [...parsed.data].sort((a, b) => a.min_items - b.min_items);
  await writeSetting(db, KEY, sorted);
  return sorted;
}

/** "3:5,5:10,10:15" (items:percent) → tiers, for the operator CLI. An empty string clears them. */
export function parseTierList(text: string): DiscountTier[] {
  if (!text.trim()) return [];
  return text.split(',').map((part) => {
    const m = /^\s*(\d+)\s*:\s*(\d+(?:\.\d{1,2})?)\s*%?\s*$/.exec(part);
    if (!m) throw badRequest(`"${part.trim()}" is not items:percent (for example 3:5).`);
    return { min_items: Number(m[1]), percent: Number(m[2]) };
  });
}
