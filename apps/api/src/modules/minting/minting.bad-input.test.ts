/**
 * QUALITY.md "Bad input" for the minting calls: whatever body each one gets, it answers a 4xx
 * with a clear `msg` or does what it documents, never a 5xx; and a refused body changes nothing
 * (no mint opened, no collection frozen, nothing logged).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { landOwner, startMintWorld, type LandOwner, type MintWorld } from './minting.fixtures.ts';

const id = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 40 }),
  fc.constant(null),
  fc.constant('__proto__'),
  fc.constant('\ud800'),
  fc.jsonValue({ maxDepth: 1 }),
);
const text = fc.oneof(fc.string({ maxLength: 120 }), fc.integer(), fc.jsonValue({ maxDepth: 1 }), fc.constant('\u0000'));

const BODIES: Record<string, fc.Arbitrary<unknown>> = {
  '/api/lands/mint': fc.oneof(fc.record({ id, extra: text }, { requiredKeys: [] }), fc.jsonValue({ maxDepth: 2 })),
  '/api/minting/request/mint_status': fc.oneof(fc.record({ collectionID: id, id }, { requiredKeys: [] }), fc.jsonValue({ maxDepth: 2 })),
  '/api/minting/refresh/my_assets': fc.jsonValue({ maxDepth: 2 }),
  '/api/units/withdraw': fc.oneof(
    fc.record({ apartment: id, pieces: id, extra: text }, { requiredKeys: [] }),
    fc.record({ apartment: fc.integer({ min: -5, max: 130 }), pieces: fc.integer({ min: -5, max: 5 }) }),
    fc.jsonValue({ maxDepth: 2 }),
  ),
  '/api/mint/status': fc.oneof(
    fc.record({ tokenId: text, transaction_hash: text, from: text, to: text, status: text, other: text }, { requiredKeys: [] }),
    fc.jsonValue({ maxDepth: 2 }),
  ),
};

describe('minting calls: garbage in, a 4xx out, nothing changed', () => {
  let w: MintWorld;
  let owner: LandOwner;

  beforeAll(async () => {
    w = await startMintWorld();
    owner = await landOwner(w.t, w.chain, 'mintfuzz', { walletIndex: 1 });
  });
  afterAll(async () => w?.stop());

  const fingerprint = async () =>
    queryRows<{ print: string }>(
      w.t.database.db,
      sql`SELECT (SELECT count(*) FROM mint_attempts) || '/' || (SELECT count(*) FROM mint_reports) || '/' ||
                 (SELECT count(*) FROM house_piece_withdrawals) || '/' ||
                 (SELECT coalesce(string_agg(id || ':' || mint_state, ',' ORDER BY id), '') FROM land_collections) AS print`,
    );

  for (const [url, body] of Object.entries(BODIES)) {
    it(`POST ${url} answers any body with a 4xx sentence or its documented success`, async () => {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const before = await fingerprint();
          const res = await w.t.app.inject({
            method: 'POST',
            url,
            headers: { ...bearer(owner.token), 'content-type': 'application/json' },
            payload: JSON.stringify(payload) ?? 'null',
          });
          const what = `${url} ${JSON.stringify(payload)?.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const json = res.json() as { error: boolean; msg?: string };
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

  it('GET /api/units/withdrawals/:id answers any id with a 4xx sentence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.integer().map(String), fc.constant('%00'), fc.constant('9'.repeat(30))), async (raw) => {
        const res = await w.t.app.inject({ method: 'GET', url: `/api/units/withdrawals/${encodeURIComponent(raw)}`, headers: bearer(owner.token) });
        expect(res.statusCode, raw).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, raw).toBeLessThan(500);
        expect((res.json() as { msg?: string }).msg?.trim().length, raw).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
  });
});
