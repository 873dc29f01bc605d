/**
 * QUALITY.md "Bad input" for land: any purchase body and any map box answers a 4xx with a
 * clear `msg`, never a 5xx, and nothing is bought or spent.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { creditLandCredit, landCreditBalance } from '../assets/index.ts';

const coordinate = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.constantFrom(-180, 180, -90, 90, 0, 1e308, -1e308));
const box = fc.array(coordinate, { minLength: 0, maxLength: 6 });
const item = fc.oneof(
  fc.record({ id: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(2 ** 53, -1, 2 ** 33)) }),
  fc.record({ bbox: box }),
  fc.record({ location: fc.record({ bbox: box }), areas: fc.jsonValue({ maxDepth: 1 }) }),
  fc.jsonValue({ maxDepth: 2 }),
);

function expectRefusal(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, what).toBeLessThan(500);
  const json = res.json() as { error: boolean; msg: string };
  expect(json.error).toBe(true);
  expect(json.msg.trim().length).toBeGreaterThan(0);
  expect(json.msg).not.toMatch(/SELECT |violates|\.ts:\d+|undefined|NaN/);
}

describe('land: garbage in, a 4xx out, nothing bought or spent', () => {
  let t: TestApp;
  let player: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    const id = await t.createUser({ username: 'landfuzz', email: 'landfuzz@example.com', password: 'landfuzz-password-1' });
    // One credit: a body that names one free cell at the right price would buy; none of these may.
    await t.database.db.transaction((tx) => creditLandCredit(tx, { userId: id, amount: 1, reason: 'test top-up' }));
    player = { id, token: (await t.login('landfuzz', 'landfuzz-password-1')).access_token };
  });
  afterAll(async () => t?.close());

  const plots = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM land_plots`))[0]!.n;

  it('answers every purchase body with a 4xx envelope', async () => {
    const body = fc.oneof(
      fc.anything({ maxDepth: 2 }),
      fc.record({
        price: fc.oneof(fc.integer({ min: 2 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string(), fc.constant(-1)),
        type: fc.oneof(fc.constantFrom('individual', 'collection', 'all', ''), fc.jsonValue({ maxDepth: 0 })),
        collection: fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.constant(null)),
        items: fc.oneof(fc.array(item, { maxLength: 8 }), fc.jsonValue({ maxDepth: 1 })),
      }),
      // Huge lists: refused by their size, whatever they hold.
      fc.integer({ min: 101, max: 5_000 }).map((n) => ({ price: n, items: Array.from({ length: n }, (_, i) => ({ id: i })) })),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/land/payment/credit',
          headers: { ...bearer(player.token), 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'undefined',
        });
        expectRefusal(res, JSON.stringify(payload)?.slice(0, 300) ?? 'undefined');
      }),
      { numRuns: 200 },
    );
    expect(await plots()).toBe(0);
    expect(await landCreditBalance(t.database.db, player.id)).toBe(1);
  });

  it('answers every map box it cannot use with a 4xx envelope', async () => {
    const text = fc.oneof(
      box.map((numbers) => numbers.join(',')),
      fc.string({ maxLength: 300 }),
      fc.tuple(coordinate, coordinate).map(([w, s]) => `${w},${s},${w},${s}`),
    );
    await fc.assert(
      fc.asyncProperty(text, async (bbox) => {
        const res = await t.app.inject({ method: 'GET', url: `/api/land/cells?bbox=${encodeURIComponent(bbox)}` });
        if (res.statusCode === 200) return; // a box that happens to be small and on the Earth
        expectRefusal(res, bbox);
      }),
      { numRuns: 200 },
    );
  });
});
