import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { settings } from './schema/index.ts';

export async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/**
 * What readSetting answered less than `maxAgeMs` ago in this process, else a fresh read (decision
 * 0062): a setting read on every purchase (sale_program) costs a statement per buyer in a drop.
 * A read still on its way is shared too: in a drop thousands of buyers arrive in the same
 * millisecond, before the first read has answered, and each would otherwise send its own.
 * A write through writeSetting in this process is seen at once; one made by another process
 * (the operator's CLI, another API copy) within `maxAgeMs`. A failed read is not kept.
 */
export function readSettingRecent(db: DbOrTx, key: string, maxAgeMs: number): Promise<unknown> {
  let byKey = recentReads.get(db);
  if (!byKey) recentReads.set(db, (byKey = new Map()));
  const now = performance.now();
  const kept = byKey.get(key);
  if (kept && kept.generation === writes && now - kept.at < maxAgeMs) return kept.value;
  const read = { value: readSetting(db, key), at: now, generation: writes };
  byKey.set(key, read);
  read.value.catch(() => {
    if (byKey.get(key) === read) byKey.delete(key);
  });
  return read.value;
}

/** readSettingRecent's reads per database handle; `generation` is the count of writes when it began. */
const recentReads = new WeakMap<object, Map<string, { value: Promise<unknown>; at: number; generation: number }>>();
/** Writes through writeSetting in this process: one makes every remembered read stale. */
let writes = 0;

export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  writes += 1;
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
  writes += 1; // and again once written: a read that overlapped the write must not be kept
}

/** When each stored setting was last written; a key never written is absent. */
export async function readSettingTimes(db: DbOrTx): Promise<Record<string, Date>> {
  const rows = await db.select({ key: settings.key, updatedAt: settings.updatedAt }).from(settings);
  return Object.fromEntries(rows.map((r) => [r.key, r.updatedAt]));
}
