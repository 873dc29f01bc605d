import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { generatedSecrets, secretFingerprints } from '../db/schema/index.ts';

/**
 * Offers a value for a generated secret and returns the one the database keeps: the first
 * offer wins. A copy whose insert meets another's uncommitted row waits for it (the primary
 * key), then finds it committed, so copies starting at once agree.
 */
export async function keepFirstSecret(db: Db, name: string, offered: string): Promise<string> {
  await db.insert(generatedSecrets).values({ name, value: offered }).onConflictDoNothing();
  const [kept] = await db
    .select({ value: generatedSecrets.value })
    .from(generatedSecrets)
    .where(eq(generatedSecrets.name, name));
  if (!kept) throw new Error(`generated secret ${name} is missing right after its insert`);
  return kept.value;
}

/**
 * Records this start's fingerprint of a secret and returns the one recorded before it (null on
 * the first start). The row is locked between the read and the write, so of two copies starting
 * at once the second sees the first's.
 */
export function swapFingerprint(db: Db, name: string, sha256: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(secretFingerprints)
      .values({ name, sha256 })
      .onConflictDoNothing()
      .returning({ name: secretFingerprints.name });
    if (inserted.length) return null;
    const [before] = await tx
      .select({ sha256: secretFingerprints.sha256 })
      .from(secretFingerprints)
      .where(eq(secretFingerprints.name, name))
      .for('update');
    await tx
      .update(secretFingerprints)
      .set({ sha256, recordedAt: new Date() })
      .where(eq(secretFingerprints.name, name));
    return before?.sha256 ?? null;
  });
}
