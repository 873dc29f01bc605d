import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from './client.ts';
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
});
