/**
 * QUALITY.md "Bad input" for the ship-to-NFT calls (decision 0052): whatever body each gets, a
 * 4xx with a clear `msg`, never a 5xx; and a refused body changes nothing (no order, no payment,
 * no ship held, nothing logged).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShip } from '../../../test/catalogue-fixtures.ts';
import { bearer } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { grantShips } from '../assets/index.ts';
import { startCryptoWorld, walletPlayer, type CryptoWorld, type Player } from './crypto-fixtures.ts';

const anything = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 80 }),
  fc.constant(null),
  fc.constant('__proto__'),
  fc.constant('\ud800'),
  fc.constant('\u0000'),
  fc.jsonValue({ maxDepth: 1 }),
);
const hash = fc.oneof(anything, fc.stringMatching(/^0x[0-9a-f]{64}$/));

const CALLS: { method: 'POST' | 'PATCH'; url: string; body: fc.Arbitrary<unknown> }[] = [
  { method: 'POST', url: '/api/minting/request/', body: fc.oneof(fc.record({ item_id: anything, extra: anything }, { requiredKeys: [] }), fc.jsonValue({ maxDepth: 2 })) },
  {
    method: 'PATCH',
    url: '/api/minting/request/status',
    body: fc.oneof(fc.record({ tid: anything, status: anything, receiver: anything, payload: anything, other: anything }, { requiredKeys: [] }), fc.jsonValue({ maxDepth: 2 })),
  },
  {
    method: 'POST',
    url: '/api/minting/request/verify_payment',
    body: fc.oneof(fc.record({ tid: anything, txh: hash, other: anything }, { requiredKeys: [] }), fc.jsonValue({ maxDepth: 2 })),
  },
];

describe('ship-to-NFT calls: garbage in, a 4xx out, nothing changed', () => {
  let w: CryptoWorld;
  let owner: Player;
  let copyId: number;

  beforeAll(async () => {
    w = await startCryptoWorld({ worker: false });
    owner = await walletPlayer(w, 'shipfuzz', 3);
    const shipId = await addShip(w.t.database.db);
    const [copy] = await w.t.database.db.transaction((tx) =>
      grantShips(tx, { userId: owner.userId, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex: 0 }] }),
    );
    copyId = copy!.id;
  });
  afterAll(async () => w?.stop());

  const fingerprint = async () =>
    queryRows<{ print: string }>(
      w.t.database.db,
      sql`SELECT (SELECT count(*) FROM orders) || '/' || (SELECT count(*) FROM crypto_payments) || '/' || (SELECT count(*) FROM order_events) || '/' ||
                 (SELECT count(*) FROM ship_mint_reservations) || '/' ||
                 (SELECT coalesce(string_agg(id || ':' || state, ',' ORDER BY id), '') FROM owned_ships) AS print`,
    );

  for (const { method, url, body } of CALLS) {
    it(`${method} ${url} answers any body with a 4xx sentence`, async () => {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          // The owner's own ship by its id is a good request (its test is ship-mint.test.ts), not garbage.
          const itemId = (payload as { item_id?: unknown } | null)?.item_id;
          fc.pre(!(typeof itemId === 'string' || typeof itemId === 'number') || String(itemId).replace(/^0+/, '') !== String(copyId));
          const before = await fingerprint();
          const res = await w.t.app.inject({
            method,
            url,
            headers: { ...bearer(owner.token), 'content-type': 'application/json' },
            payload: JSON.stringify(payload) ?? 'null',
          });
          const what = `${url} ${JSON.stringify(payload)?.slice(0, 300)}`;
          expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, what).toBeLessThan(500);
          const json = res.json() as { error: boolean; msg?: string };
          expect(json.error, what).toBe(true);
          expect(json.msg?.trim().length, what).toBeGreaterThan(0);
          expect(json.msg, what).not.toMatch(/SELECT |violates|\.ts:\d+|undefined|NaN/);
          expect(await fingerprint(), what).toEqual(before);
        }),
        { numRuns: 50 },
      );
    });
  }
});
