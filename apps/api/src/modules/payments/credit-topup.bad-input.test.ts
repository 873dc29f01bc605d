/**
 * QUALITY.md "Bad input" for top-ups: any body of the opening calls and the reports answers a
 * 4xx with a clear `msg`, or (a quantity within the bounds) an order priced by the server;
 * never a 5xx, and nothing is ever credited by a call alone.
 */
import { topUpBoundsMsg } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { openSale } from './payments.fixtures.ts';

const quantity = fc.oneof(
  fc.integer(),
  fc.integer({ min: -5, max: 1_005 }),
  fc.double(),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(0, 1000, 1001, 2 ** 53, -(2 ** 31), null, true),
  fc.jsonValue({ maxDepth: 1 }),
);
const body = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.record({ quantity }),
  fc.record({ quantity, price: fc.jsonValue({ maxDepth: 0 }) }),
);

function expectAnswer(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode === 200) return;
  expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
  const json = res.json() as { error: boolean; msg: string };
  expect(json.error, what).toBe(true);
  expect(json.msg.trim().length, what).toBeGreaterThan(0);
  expect(json.msg, what).not.toMatch(/SELECT |violates|\.ts:\d+|undefined|NaN/);
}

describe('top-up calls: garbage in, a 4xx out', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    // Enough unpaid orders allowed that valid quantities keep opening orders to check.
    t = await createTestApp({ env: { ORDER_MAX_PENDING: '1000' } });
    await t.createUser({ username: 'topfuzz', password: 'topfuzz-password-1' });
    token = (await t.login('topfuzz', 'topfuzz-password-1')).access_token;
    await openSale(t.database.db);
  });
  afterAll(async () => t?.close());

  const send = (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify(payload) ?? 'undefined',
    });

  it('the card and widget top-ups: 400 outside the bounds (naming them), an order of exactly quantity × $1 inside', async () => {
    for (const url of ['/api/stripe/buyTopup', '/api/credit/payment/wertio']) {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const res = await send('POST', url, payload);
          const what = `${url} ${JSON.stringify(payload)?.slice(0, 200)}`;
          expectAnswer(res, what);
          const q = (payload as { quantity?: unknown } | null)?.quantity;
          const valid = Number.isInteger(q) && (q as number) >= 1 && (q as number) <= 1000 && Object.keys(payload as object).length === 1;
          expect(res.statusCode === 200, what).toBe(valid);
          // Within what the schema takes at all, the refusal names the operator's bounds.
          if (Number.isInteger(q) && Object.keys(payload as object).length === 1 && !valid && (q as number) >= 1 && (q as number) <= 1_000_000)
            expect(res.json().msg, what).toBe(topUpBoundsMsg(1, 1000));
          if (res.statusCode === 200) {
            const code = (res.json() as { order?: string; tid?: string }).order ?? res.json().tid;
            const [order] = await queryRows<{ total: string }>(t.database.db, sql`SELECT total_micro::text AS total FROM orders WHERE code = ${code}`);
            expect(order!.total, what).toBe(String(BigInt(q as number) * 1_000_000n));
          }
        }),
        { numRuns: 120 },
      );
    }
  });

  it('the reports: any body is a 4xx (there is no order of these tids), never a 5xx; nothing is credited', async () => {
    const report = fc.oneof(
      fc.anything({ maxDepth: 2 }),
      fc.record({ tid: fc.oneof(fc.string({ maxLength: 90 }), fc.jsonValue({ maxDepth: 0 })), status: fc.jsonValue({ maxDepth: 0 }), payload: fc.jsonValue({ maxDepth: 2 }) }),
      fc.record({ tid: fc.string({ maxLength: 90 }), step: fc.oneof(fc.integer(), fc.string({ maxLength: 30 })), result: fc.jsonValue({ maxDepth: 2 }), content: fc.string({ maxLength: 50 }) }),
    );
    await fc.assert(
      fc.asyncProperty(report, fc.constantFrom('/api/credit/payment_status', '/api/land/payment/eth_crypto/status', '/api/credit/payment/eth_crypto/verify'), async (payload, url) => {
        const res = await send(url === '/api/credit/payment_status' ? 'PATCH' : 'POST', url, payload);
        const what = `${url} ${JSON.stringify(payload)?.slice(0, 200)}`;
        expectAnswer(res, what);
        expect(res.statusCode, what).not.toBe(200);
      }),
      { numRuns: 200 },
    );
    const [ledger] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM credit_ledger`);
    expect(ledger!.n).toBe(0);
  });
});
