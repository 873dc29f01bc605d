/**
 * QUALITY.md "Bad input" for staking: any wallet path and any getAssetsNFT body answers a 4xx
 * with a clear `msg` (or, for a valid body, the entries), never a 5xx.
 */
import { AssetsNftBodySchema, STAKING_FETCH_FAILED } from '@starport/schemas';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

function expectRefusal(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, what).toBe(400);
  const json = res.json() as { error: boolean; code: string; msg: string };
  expect(json).toMatchObject({ error: true, code: 'BAD_REQUEST' });
  expect(json.msg.trim().length, what).toBeGreaterThan(0);
  expect(json.msg).not.toMatch(/SELECT |violates|\.ts:\d+|undefined|NaN/);
}

describe('staking: garbage in, a 4xx out', () => {
  let t: TestApp;
  // A staking contract on a chain whose RPC is closed: input checks come before any chain read.
  const id = 990_001;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        LOCAL_CHAIN: '0',
        CHAIN_IDS: String(id),
        [`CHAIN_${id}_RPC_URL`]: 'http://127.0.0.1:1',
        [`CHAIN_${id}_UNIT_STAKING`]: `0x${'5'.repeat(40)}`,
        UNITS_CHAIN_ID: String(id),
      },
    });
  });
  afterAll(async () => t?.close());

  it('answers every wallet path that is not a 0x address with a 400', async () => {
    const notAnAddress = fc
      .oneof(fc.string({ maxLength: 60 }), fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), maxLength: 50 }).map((h) => `0x${h}`), fc.constant(`0x${'g'.repeat(40)}`))
      .filter((s) => s.length > 0 && !/^0x[0-9a-fA-F]{40}$/.test(s));
    await fc.assert(
      fc.asyncProperty(notAnAddress, async (address) => {
        const res = await t.app.inject({ method: 'GET', url: `/api/staking/wallet/${encodeURIComponent(address)}` });
        // A path that decodes to another route (a slash in it) is a 404, also not a 5xx.
        if (res.statusCode === 404) return;
        expectRefusal(res, address);
      }),
      { numRuns: 150 },
    );
  });

  it('answers every getAssetsNFT body with a 400, or the entries when the body is valid', async () => {
    const ids = fc.array(fc.oneof(fc.integer({ min: -2, max: 8 }), fc.constantFrom('1', '5', '6', 'x', 1.5, null, true)), { maxLength: 60 });
    const payload = fc.oneof(
      fc.anything({ maxDepth: 2 }),
      fc.record({ ids: fc.oneof(ids, fc.jsonValue({ maxDepth: 1 })), ids_staking: ids }, { requiredKeys: [] }),
      fc.record({ ids, extra: fc.jsonValue({ maxDepth: 0 }) }),
    );
    await fc.assert(
      fc.asyncProperty(payload, async (body) => {
        const sent = JSON.stringify(body) ?? 'null';
        const res = await t.app.inject({ method: 'POST', url: '/api/getAssetsNFT', payload: sent, headers: { 'content-type': 'application/json' } });
        // Judged on what was sent: JSON drops undefined values ({"": undefined} arrives as {}).
        const valid = AssetsNftBodySchema.safeParse(JSON.parse(sent));
        if (!valid.success) return expectRefusal(res, JSON.stringify(body));
        expect(res.statusCode, JSON.stringify(body)).toBe(200);
        const json = res.json() as { data: { nft_id: number }[]; dataStaked: { nft_id: number }[] };
        expect(json.data.map((e) => e.nft_id)).toEqual(valid.data.ids);
        expect(json.dataStaked.map((e) => e.nft_id)).toEqual(valid.data.ids_staking);
      }),
      { numRuns: 200 },
    );
  });

  it('a chain that does not answer is a 503 with the spec’s staking text, not a 500', async () => {
    for (const url of ['/api/staking/pool', `/api/staking/wallet/0x${'a'.repeat(40)}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({ error: true, code: 'UNAVAILABLE', msg: STAKING_FETCH_FAILED });
    }
  });
});
