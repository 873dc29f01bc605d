import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { readSetting, writeSetting } from '../../db/settings.ts';
import { badRequest } from '../../lib/app-error.ts';

/** The operator's setting: DNC an assigned ship earns per whole day before its penguin's boost. */
export const PENGUIN_RATE_KEY = 'penguin_dnc_per_day';
export const DEFAULT_PENGUIN_RATE = 100;
export const MAX_PENGUIN_RATE = 1_000_000;

const Rate = z.number().int().min(0).max(MAX_PENGUIN_RATE);

/** The stored rate, or the default when none is stored (or what is stored no longer parses). */
export async function readPenguinRate(db: DbOrTx): Promise<number> {
  const parsed = Rate.safeParse(await readSetting(db, PENGUIN_RATE_KEY));
  return parsed.success ? parsed.data : DEFAULT_PENGUIN_RATE;
}

export async function writePenguinRate(db: DbOrTx, rate: number): Promise<number> {
  if (!Rate.safeParse(rate).success) throw badRequest(`The penguin rate is whole DNC per day from 0 to ${MAX_PENGUIN_RATE}.`);
  await writeSetting(db, PENGUIN_RATE_KEY, rate);
  return rate;
}
