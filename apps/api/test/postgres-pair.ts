import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { AppError } from '../src/lib/app-error.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * Two connection pools on one fresh PostgreSQL database, as two API processes would have, for
 * the race tests. Always PostgreSQL: PGlite runs one transaction at a time and would hide the
 * races. Registers its own beforeAll/afterAll; read `first` and `second` inside the tests.
 */
export function usePostgresPair(): { readonly first: Db; readonly second: Db } {
  let database: (Database & { url?: string }) | undefined;
  let other: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    other = await openDatabase({ url: database.url!, onConnectionError: () => {} });
  });
  afterAll(async () => {
    await other?.close();
    await database?.close();
  });
  return {
    get first() {
      return database!.db;
    },
    get second() {
      return other!.db;
    },
  };
}

/** Settles racing calls: the values, the AppErrors' messages, and anything else (a test failure). */
export async function settle<T>(calls: Promise<T>[]) {
  const settled = await Promise.allSettled(calls);
  const ok = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const errors = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  const unexpected = errors.filter((e) => !(e instanceof AppError)).map(String);
  return { ok, refused: errors.filter((e): e is AppError => e instanceof AppError).map((e) => e.message), unexpected };
}

/** One racing call's outcome: its value, or the AppError it was refused with (anything else is rethrown). */
export async function attempt<T>(p: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: AppError }> {
  try {
    return { ok: true, value: await p };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, error: err };
    throw err;
  }
}
