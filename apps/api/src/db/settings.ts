import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { settings } from './schema/index.ts';

export async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** When each stored setting was last written; a key never written is absent. */
export async function readSettingTimes(db: DbOrTx): Promise<Record<string, Date>> {
  const rows = await db.select({ key: settings.key, updatedAt: settings.updatedAt }).from(settings);
  return Object.fromEntries(rows.map((r) => [r.key, r.updatedAt]));
}
