/**
 * QUALITY.md "Bad input" for Gin to DNC: any query of …/config and any body of …/status and
 * …/verify answers a 4xx with a clear `msg`, never a 5xx, and credits nothing. The chain is
 * configured on an address where nothing answers: a valid quote stops at the missing wallet
 * (409) and a valid verify at the unreadable chain (still `verifying`), neither a 5xx.
 */
import { GinConfigQuerySchema, GinStatusBodySchema, GinVerifyBodySchema } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp, type TestPlayer } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

const NUM_RUNS = 60;
const GIN_TOKEN = '0x2222222222222222222222222222222222222222';
const WALLET = '0x4444444444444444444444444444444444444444';

/** Lets every quote through, so the fuzzed queries reach the handler instead of the 429. */
const unlimited: RateLimiter = {
  hit: async () => ({ allowed: true, retryAfterSeconds: 1 }),
  remember: async () => {},
  remembers: async () => false,
  close: async () => {},
};

describe('Gin to DNC: garbage in, a 4xx out, nothing credited', () => {
  let t: TestApp;
  let walletless: TestPlayer;
  let linked: TestPlayer;
  let tid: string;

  beforeAll(async () => {
    t = await createTestApp({
      limiter: unlimited,
      env: { LOCAL_CHAIN: '0', CHAIN_IDS: '31337', CHAIN_31337_RPC_URL: 'http://127.0.0.1:9', CHAIN_31337_GIN: GIN_TOKEN },
    });
    walletless = await t.signUp('gin_fuzz');
    linked = await t.signUp('gin_fuzz_linked', { wallet: WALLET });
    // A quote of the linked player's, written as …/config would (the chain here cannot be read).
    tid = 'gc_fuzz_quote';
    await t.database.db.execute(
      sql`INSERT INTO gin_conversions (tid, user_id, chain_id, token_address, token_decimals, burn_address, payer,
            total_gin, amount_base, dnc, quote_block, expires_at)
          VALUES (${tid}, ${linked.id}, 31337, ${GIN_TOKEN}, 18, '0x000000000000000000000000000000000000dead', ${WALLET},
            1, 1000000000000000000, 5, 1, now() + interval '1 hour')`,
    );
  });
  afterAll(async () => t?.close());

  const expectFourXx = (res: { statusCode: number; json(): unknown }, input: unknown) => {
    expect(res.statusCode, JSON.stringify(input)).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, JSON.stringify(input)).toBeLessThan(500);
    const json = res.json() as { error: boolean; msg: string; code: string };
    expect(json.error).toBe(true);
    expect(json.msg.length).toBeGreaterThan(0);
    expect(typeof json.code).toBe('string');
  };

  const credited = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM dnc_ledger WHERE gin_conversion_id IS NOT NULL`))[0]!.n;

  it('GET …/config: any query is a 4xx (a bad total is "Invalid Gin Amount.")', async () => {
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom('0', '-1', '1.5', '1e3', '', ' ', '1000001', 'NaN', 'Infinity', '0x38', '9'.repeat(400)),
      fc.integer().map(String),
    );
    const query = fc.dictionary(fc.constantFrom('total', 'network', 'tid', 'x', 'total[]'), value, { maxKeys: 3 });
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await t.app.inject({ method: 'GET', url: '/api/convert/gin/config', query: q, headers: bearer(walletless.token) });
        expectFourXx(res, q);
        if (!GinConfigQuerySchema.safeParse(q).success) expect(res.statusCode, JSON.stringify(q)).toBe(400);
      }),
      { numRuns: NUM_RUNS },
    );
    const bad = await t.app.inject({ method: 'GET', url: '/api/convert/gin/config?total=0', headers: bearer(walletless.token) });
    expect(bad.json()).toMatchObject({ error: true, code: 'BAD_REQUEST', msg: 'Invalid Gin Amount.' });
  });

  const bodyFuzz = (fields: Record<string, fc.Arbitrary<unknown>>) =>
    fc.oneof(
      fc.anything({ maxDepth: 2 }),
      fc.record(fields, { requiredKeys: [] }),
      fc.record({ ...fields, extra: fc.jsonValue({ maxDepth: 1 }) }, { requiredKeys: [] }),
    );
  const tidArb = fc.oneof(fc.constant('gc_fuzz_quote'), fc.string({ unit: 'binary', maxLength: 100 }), fc.jsonValue({ maxDepth: 1 }));

  for (const [path, schema, fields] of [
    [
      '/api/convert/gin/status',
      GinStatusBodySchema,
      {
        tid: tidArb,
        step: fc.oneof(fc.integer({ min: -5, max: 50 }), fc.string({ maxLength: 4 }), fc.constant(null)),
        payload: fc.jsonValue({ maxDepth: 2 }),
        result: fc.oneof(fc.string({ unit: 'binary', maxLength: 2100 }), fc.jsonValue({ maxDepth: 1 })),
        content: fc.oneof(fc.string({ unit: 'binary', maxLength: 2100 }), fc.jsonValue({ maxDepth: 1 })),
      },
    ],
    [
      '/api/convert/gin/verify',
      GinVerifyBodySchema,
      {
        tid: tidArb,
        txh: fc.oneof(fc.string({ unit: 'binary', maxLength: 70 }), fc.constant(`0x${'ab'.repeat(31)}`), fc.constant(`0x${'ab'.repeat(32)}`), fc.jsonValue({ maxDepth: 1 })),
        network: fc.oneof(fc.constantFrom('0x7a69', '0x38', '0x', '7a69', '0x' + 'f'.repeat(20), '31337'), fc.jsonValue({ maxDepth: 1 })),
      },
    ],
  ] as const) {
    it(`POST ${path}: a body the call refuses is a 4xx, never a 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFuzz(fields), async (payload) => {
          const res = await t.app.inject({
            method: 'POST',
            url: path,
            headers: { ...bearer(linked.token), 'content-type': 'application/json' },
            payload: JSON.stringify(payload) ?? 'undefined',
          });
          // Judged on what was sent: JSON drops undefined values ({"x": undefined} arrives as {}).
          const sent = JSON.stringify(payload);
          if (schema.safeParse(sent === undefined ? undefined : JSON.parse(sent)).success) expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
          else {
            expectFourXx(res, payload);
            expect(res.statusCode, JSON.stringify(payload)).toBe(400);
          }
        }),
        { numRuns: NUM_RUNS },
      );
      expect(await credited()).toBe(0);
    });
  }
});
