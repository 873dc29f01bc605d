import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { getSettingTimes, setSaleProgram, setTermsHtml } from './settings.service.ts';

describe('getSettingTimes: when the operator last set each setting', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('has no entry for a setting at its default, and the time of the last write for the others', async () => {
    expect(await getSettingTimes(database.db)).toEqual({});

    const before = Date.now();
    await setSaleProgram(database.db, 1);
    const first = await getSettingTimes(database.db);
    expect(Object.keys(first)).toEqual(['sale_program']);
    expect(first.sale_program!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    await new Promise((r) => setTimeout(r, 20));
    await setSaleProgram(database.db, 0);
    await setTermsHtml(database.db, '<p>Terms.</p>');
    const later = await getSettingTimes(database.db);
    expect(Object.keys(later).sort()).toEqual(['sale_program', 'tos_html']);
    expect(later.sale_program!.getTime()).toBeGreaterThan(first.sale_program!.getTime());
  });
});
