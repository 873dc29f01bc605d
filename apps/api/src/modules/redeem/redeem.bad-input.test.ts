/**
 * QUALITY.md "Bad input" for redeem codes: any body answers a 4xx with a clear `msg`, never a
 * 5xx, and changes nothing (no use counted, no redemption, no DNC).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { dncBalance } from '../assets/index.ts';
import { createCode } from './operator-codes.ts';

/** Lets every attempt through, so the fuzzed codes reach the lookup instead of the 429. */
const unlimited: RateLimiter = {
  hit: async () => ({ allowed: true, retryAfterSeconds: 1 }),
  remember: async () => {},
  remembers: async () => false,
  close: async () => {},
};

describe('redeem: garbage in, a 4xx out, nothing changed', () => {
  let t: TestApp;
  let player: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({ limiter: unlimited });
    const id = await t.createUser({ username: 'fuzzer', email: 'fuzzer@example.com', password: 'fuzzer-password-1' });
    player = { id, token: (await t.login('fuzzer', 'fuzzer-password-1')).access_token };
    await createCode(t.database.db, { code: 'REAL-CODE', grant: { kind: 'dnc', dnc: 10 }, uses: 1, expiresAt: null });
  });
  afterAll(async () => t?.close());

  const state = async () =>
    (
      await queryRows<{ uses: number; redemptions: number }>(
        t.database.db,
        sql`SELECT (SELECT sum(uses)::int FROM redeem_codes) AS uses, (SELECT count(*)::int FROM redeem_redemptions) AS redemptions`,
      )
    )[0];

  it('answers every body with a 4xx envelope', async () => {
    const before = await state();
    const body = fc.oneof(
      fc.anything({ maxDepth: 2 }),
      fc.record({ code: fc.oneof(fc.string({ unit: 'binary', maxLength: 90 }), fc.jsonValue({ maxDepth: 1 })) }),
      fc.record({ code: fc.constantFrom('REAL-COD', 'REAL-CODE-', '\u0000REAL-CODE', 'real code', 'ＲＥＡＬ-ＣＯＤＥ') }),
      fc.record({ code: fc.constant('x'), extra: fc.jsonValue() }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/my/redeem',
          headers: { ...bearer(player.token), 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'undefined',
        });
        expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
        const json = res.json() as { error: boolean; msg: string };
        expect(json.error).toBe(true);
        expect(json.msg.trim().length).toBeGreaterThan(0);
        expect(json.msg).not.toMatch(/SELECT |violates|\.ts:\d+/);
      }),
      { numRuns: 150 },
    );
    expect(await state()).toEqual(before);
    expect(await dncBalance(t.database.db, player.id)).toBe(0);
  });
});
