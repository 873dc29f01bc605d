import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { readSetting, writeSetting } from '../../db/settings.ts';
import { badRequest } from '../../lib/app-error.ts';

/** The operator's setting: DNC one GOALAND plot earns per whole day. */
export const GOALAND_RATE_KEY = 'goaland_dnc_per_plot_day';
export const DEFAULT_GOALAND_RATE = 10;
export const MAX_GOALAND_RATE = 1_000_000;

const Rate = z.number().int().min(0).max(MAX_GOALAND_RATE);

/** The stored rate, or the default when none is stored (or what is stored no longer parses). */
export async function readGoalandRate(db: DbOrTx): Promise<number> {
  const parsed = Rate.safeParse(await readSetting(db, GOALAND_RATE_KEY));
  return parsed.success ? parsed.data : DEFAULT_GOALAND_RATE;
}

export async function writeGoalandRate(db: DbOrTx, rate: number): Promise<number> {
  if (!Rate.safeParse(rate).success) throw badRequest(`The GOALAND rate is whole DNC per plot per day from 0 to ${MAX_GOALAND_RATE}.`);
  await writeSetting(db, GOALAND_RATE_KEY, rate);
  return rate;
}
