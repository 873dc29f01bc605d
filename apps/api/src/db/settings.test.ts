import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database, Db } from './client.ts';
import { readSettingRecent, writeSetting } from './settings.ts';

describe('readSettingRecent: a setting read on every purchase, at most once per interval', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());

  it('answers from memory within the interval, and reads again once it has passed', async () => {
    await writeSetting(database.db, 'sale_program', 1);
    expect(await readSettingRecent(database.db, 'sale_program', 60_000)).toBe(1);
    // written behind writeSetting's back, as another process would
    await database.db.execute(`UPDATE settings SET value = '0'::jsonb WHERE key = 'sale_program'`);
    expect(await readSettingRecent(database.db, 'sale_program', 60_000)).toBe(1);
    expect(await readSettingRecent(database.db, 'sale_program', 0)).toBe(0);
  });

  it('a write through writeSetting in this process is seen at once', async () => {
    await writeSetting(database.db, 'sale_program', 1);
    expect(await readSettingRecent(database.db, 'sale_program', 60_000)).toBe(1);
    await writeSetting(database.db, 'sale_program', 0);
    expect(await readSettingRecent(database.db, 'sale_program', 60_000)).toBe(0);
  });

  /** The database handle with its reads counted, and the next ones made to fail when asked. */
  function countedHandle(): { db: Db; reads: () => number; failNext: (n: number) => void } {
    let reads = 0;
    let failing = 0;
    const db = new Proxy(database.db, {
      get(target, prop, receiver) {
        if (prop !== 'select') return Reflect.get(target, prop, receiver);
        reads += 1;
        if (failing > 0) {
          failing -= 1;
          return () => {
            throw new Error('connection lost');
          };
        }
        return target.select.bind(target);
      },
    });
    return { db, reads: () => reads, failNext: (n) => (failing = n) };
  }

  it('buyers arriving together share one read: a drop sends one statement, not one per buyer', async () => {
    await writeSetting(database.db, 'sale_program', 1);
    const handle = countedHandle();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => readSettingRecent(handle.db, 'sale_program', 60_000)),
    );
    expect(answers).toEqual(Array.from({ length: 50 }, () => 1));
    expect(handle.reads()).toBe(1);
  });

  it('a failed read is not kept: the next caller reads again', async () => {
    await writeSetting(database.db, 'sale_program', 1);
    const handle = countedHandle();
    handle.failNext(1);
    await expect(readSettingRecent(handle.db, 'sale_program', 60_000)).rejects.toThrow('connection lost');
    expect(await readSettingRecent(handle.db, 'sale_program', 60_000)).toBe(1);
    expect(handle.reads()).toBe(2);
  });

  it('a read begun before a write is not shared with callers after it', async () => {
    await writeSetting(database.db, 'sale_program', 1);
    const handle = countedHandle();
    const before = readSettingRecent(handle.db, 'sale_program', 60_000);
    await writeSetting(database.db, 'sale_program', 0);
    expect(await readSettingRecent(handle.db, 'sale_program', 60_000)).toBe(0);
    await before;
    expect(handle.reads()).toBe(2);
  });
});
