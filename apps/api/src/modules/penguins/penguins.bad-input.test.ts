/**
 * QUALITY.md "Bad input" for the penguin calls: every body and id answers garbage with a 4xx
 * and a clear `msg`, never a 5xx, and changes nothing.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShip } from '../../../test/catalogue-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { grantPenguins, grantShips } from '../assets/index.ts';
import { seedPenguinCollection } from './penguin-collection.ts';

const NUM_RUNS = 60;

function expectRefusal(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, what).toBeLessThan(500);
  const json = res.json() as { error?: unknown; msg?: unknown };
  expect(json.error, what).toBe(true);
  expect(typeof json.msg === 'string' && json.msg.trim().length > 0, what).toBe(true);
  expect(json.msg as string, what).not.toMatch(/\bat \S+\.(ts|js):\d+|stack|SELECT |violates/i);
}

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('0', '-1', '1.5', '1e3', ' ', '', '999999999999999999999', "1' OR '1'='1", null, true, -1, 0, 1.5),
);

describe('penguins: bad input', () => {
  let t: TestApp;
  let token: string;
  const snapshot = async () =>
    queryRows(
      t.database.db,
      sql`SELECT (SELECT json_agg(json_build_object('id', id, 'state', state) ORDER BY id) FROM owned_ships) AS ships,
                 (SELECT count(*)::int FROM penguin_assignments) AS assignments,
                 (SELECT count(*)::int FROM penguin_collections) AS collections,
                 (SELECT count(*)::int FROM dnc_ledger) AS dnc`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    await seedPenguinCollection(db);
    const id = await t.createUser({ username: 'fuzzer', email: 'fuzzer@example.com', password: 'fuzzer-password-1' });
    token = (await t.login('fuzzer', 'fuzzer-password-1')).access_token;
    const shipId = await addShip(db);
    await db.transaction(async (tx) => {
      await grantPenguins(tx, { userId: id, penguinIds: [1] });
      await grantShips(tx, { userId: id, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex: 0 }] });
    });
  });
  afterAll(async () => t?.close());

  it('answers a garbage assign body with a 4xx and a message, and assigns nothing', async () => {
    const before = await snapshot();
    const bodies = fc.oneof(
      fc.anything({ maxDepth: 2 }),
      fc.record({ spaceship: anyValue, peguin: anyValue }),
      fc.dictionary(fc.oneof(fc.constantFrom('spaceship', 'peguin'), fc.string({ maxLength: 8 })), anyValue, { maxKeys: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (payload) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/my/peguins/assign',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'undefined',
        });
        // A body that happens to name the player's own penguin 1 and ship is a real assignment: undo it.
        if (res.statusCode === 200) {
          await t.app.inject({ method: 'DELETE', url: '/api/my/peguins/assign/1', headers: bearer(token) });
          return;
        }
        expectRefusal(res, JSON.stringify(payload) ?? 'undefined');
      }),
      { numRuns: NUM_RUNS },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('names the missing field in plain words', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/my/peguins/assign', headers: bearer(token), payload: { peguin: '1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/Which spaceship\? It is missing\./);
  });

  it('answers a garbage penguin id in the path with a 4xx and changes nothing', async () => {
    const before = await snapshot();
    const ids = fc.oneof(fc.string({ maxLength: 30 }), fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String), fc.constantFrom('0', '-1', '1.5', '0x1', '00001'));
    await fc.assert(
      fc.asyncProperty(ids, async (id) => {
        const res = await t.app.inject({ method: 'DELETE', url: `/api/my/peguins/assign/${encodeURIComponent(id)}`, headers: bearer(token) });
        expectRefusal(res, id);
      }),
      { numRuns: NUM_RUNS },
    );
    expect(await snapshot()).toEqual(before);
  });
});
