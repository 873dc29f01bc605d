/**
 * QUALITY.md "Bad input" for land collections: whatever body or query each collection call gets,
 * it answers a 4xx with a clear `msg` or does what it documents, never a 5xx; and a body that is
 * refused changes nothing (the plots and collections read the same before and after).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { creditLandCredit } from '../assets/index.ts';

const plotName = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 12 }),
  fc.record({ cell_id: fc.jsonValue({ maxDepth: 0 }) }),
  fc.record({ _id: fc.jsonValue({ maxDepth: 0 }) }),
  fc.jsonValue({ maxDepth: 1 }),
);
const plotList = fc.oneof(
  fc.array(plotName, { maxLength: 6 }),
  fc.jsonValue({ maxDepth: 1 }),
  fc.integer({ min: 501, max: 3000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
);
const collectionId = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 40 }),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 1 }),
);
const name = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constant(''),
  fc.constant('   '),
  fc.string({ minLength: 61, maxLength: 200 }),
  fc.jsonValue({ maxDepth: 1 }),
);

/** Each POST call with the fields it reads, every one of them arbitrary. */
const BODIES: Record<string, fc.Arbitrary<unknown>> = {
  '/api/collection/create_and_move': fc.record({ name, lands: plotList }, { requiredKeys: [] }),
  '/api/collections/setname': fc.record({ id: collectionId, name }, { requiredKeys: [] }),
  '/api/collections/move_land': fc.record(
    {
      type: fc.oneof(fc.constantFrom('individual', 'collection', ''), fc.jsonValue({ maxDepth: 0 })),
      collection_id: collectionId,
      lands: plotList,
    },
    { requiredKeys: [] },
  ),
  '/api/collections/add_lands': fc.record({ collection_id: collectionId, items: plotList }, { requiredKeys: [] }),
  '/api/collections/remove_lands': fc.record({ collection_id: collectionId, items: plotList }, { requiredKeys: [] }),
  '/api/collections/remove': fc.record({ id: collectionId }, { requiredKeys: [] }),
  '/api/lands/my_assets/collection': fc.record(
    {
      item: fc.oneof(
        fc.record({ cell_id: fc.jsonValue({ maxDepth: 0 }) }),
        fc.record({ bbox: fc.array(fc.double(), { maxLength: 6 }) }),
        fc.jsonValue({ maxDepth: 1 }),
      ),
    },
    { requiredKeys: [] },
  ),
};

describe('land collections: garbage in, a 4xx out, nothing changed', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    const id = await t.createUser({
      username: 'collfuzz',
      email: 'collfuzz@example.com',
      password: 'collfuzz-password-1',
    });
    await t.database.db.transaction((tx) => creditLandCredit(tx, { userId: id, amount: 2, reason: 'test top-up' }));
    token = (await t.login('collfuzz', 'collfuzz-password-1')).access_token;
    // Two plots and one collection holding one of them: something a valid-looking body could touch.
    const cells = await t.app.inject({ method: 'GET', url: '/api/land/cells?bbox=2.30,48.85,2.31,48.86' });
    expect(cells.statusCode).toBe(200);
    const post = (url: string, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const bought = await post('/api/land/payment/credit', {
      price: 2,
      type: 'individual',
      items: [{ id: 4_000_000_000 }, { id: 4_000_000_001 }],
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const made = await post('/api/collection/create_and_move', { name: 'Fuzz base', lands: [4_000_000_000] });
    expect(made.statusCode, made.body).toBe(200);
  });
  afterAll(async () => t?.close());

  /** What a refused call must not change: every plot's owner and collection, every collection's name. */
  const fingerprint = async () =>
    queryRows<{ plots: string; collections: string }>(
      t.database.db,
      sql`SELECT (SELECT coalesce(string_agg(cell_id || ':' || coalesce(collection_id::text, '-'), ',' ORDER BY cell_id), '') FROM land_plots) AS plots,
                 (SELECT coalesce(string_agg(id || ':' || name, ',' ORDER BY id), '') FROM land_collections) AS collections`,
    );

  for (const [url, body] of Object.entries(BODIES)) {
    it(`POST ${url} answers any body with a 4xx sentence or its documented success`, async () => {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const before = await fingerprint();
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: { ...bearer(token), 'content-type': 'application/json' },
            payload: JSON.stringify(payload) ?? 'null',
          });
          const what = `${url} ${JSON.stringify(payload)?.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          const json = res.json() as { error: boolean; msg?: string };
          if (res.statusCode >= 400) {
            expect(json.error, what).toBe(true);
            expect(json.msg?.trim().length, what).toBeGreaterThan(0);
            expect(json.msg, what).not.toMatch(/SELECT |violates|\.ts:\d+|undefined|NaN/);
            expect(await fingerprint(), what).toEqual(before);
          }
        }),
        { numRuns: 60 },
      );
    });
  }

  it('GET calls answer any query with a 4xx sentence or a list', async () => {
    const query = fc.oneof(fc.string({ maxLength: 60 }), fc.integer().map(String), fc.constant(''));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/collections/lands?collection_id=',
          '/api/collections/items?except=',
          '/api/collection/detail?uriid=',
          '/api/lands/my_assets?type=',
        ),
        query,
        async (path, value) => {
          const res = await t.app.inject({
            method: 'GET',
            url: `${path}${encodeURIComponent(value)}`,
            headers: bearer(token),
          });
          expect(res.statusCode, `${path}${value}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect((res.json() as { msg: string }).msg.trim().length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 100 },
    );
  });
});
