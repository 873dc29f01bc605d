import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { openSale } from './payments.fixtures.ts';
import { SALES_CLOSED_MSG, startPayment, type OpenedOrder, type PaymentProvider, type StartPaymentDeps } from './start-payment.ts';

/**
 * The workflow itself, with a provider described here and an order book that records what it
 * is asked: a new way to pay is a description like `landCredit`, not another copy of the steps.
 * (The card, widget and crypto providers are tested through their routes.)
 */
describe('startPayment: one workflow for every way to pay', () => {
  let database: Database;
  let calls: string[];
  let logged: { obj: Record<string, unknown>; msg: string }[];
  let holdAnswer: Date | null;
  let attachAnswer: boolean;

  const ORDER: OpenedOrder = { id: 41, code: 'ORD-LAND-1', expires_at: '2030-01-01T00:00:00.000Z' } as OpenedOrder;
  const HOLD = new Date('2030-01-01T01:00:00.000Z');

  const orders: StartPaymentDeps<'crypto'>['orders'] = {
    openOrder: async (userId, lines, method, opts) => {
      calls.push(`openOrder ${userId} ${lines.length} ${method}${opts?.holdAtLeast ? ` at least ${opts.holdAtLeast.toISOString()}` : ''}`);
      return opts?.holdAtLeast && opts.holdAtLeast > new Date(ORDER.expires_at)
        ? { ...ORDER, expires_at: opts.holdAtLeast.toISOString() }
        : ORDER;
    },
    holdUntil: async (id, until) => {
      calls.push(`holdUntil ${id} ${until.toISOString()}`);
      return holdAnswer;
    },
    attachSession: async (id, provider, sessionId) => {
      calls.push(`attachSession ${id} ${provider} ${sessionId}`);
      return attachAnswer;
    },
    fail: async (id, reason) => {
      calls.push(`fail ${id} ${reason}`);
      return true;
    },
  };
  const log = {
    error: (obj: Record<string, unknown>, msg: string) => {
      calls.push(`log ${msg}`);
      logged.push({ obj, msg });
    },
  } as unknown as FastifyBaseLogger;

  /** A product the shop does not sell yet, described as a provider: what the workflow needs of it. */
  const landCredit = (o: { sessionFails?: boolean; refuse?: AppError } = {}): PaymentProvider<'crypto', { plot: string }, { pay: string }> => ({
    method: 'crypto',
    providerName: 'land-credit',
    texts: {
      notHeld: 'the order closed before the credit was held',
      notAttached: 'the order closed before its credit session was attached',
      logLine: 'land credit payment could not be started',
      failReason: 'the land credit payment could not be started',
      answer502: 'The land credit payment could not be started. Please try again.',
    },
    prepare: async (userId) => {
      calls.push(`prepare ${userId}`);
      if (o.refuse) throw o.refuse;
      return { plot: 'P-7' };
    },
    holdUntil: () => HOLD,
    openSession: async (order, ctx) => {
      calls.push(`openSession ${order.code} ${ctx.prepared.plot} ${ctx.heldUntil.toISOString()}`);
      if (o.sessionFails) throw new Error('the credit ledger did not answer');
      return { sessionId: `lc_${order.id}`, answer: { pay: `/land/pay/${order.code}` } };
    },
    recordSession: async (order, session) => void calls.push(`recordSession ${order.id} ${session.sessionId}`),
  });
  const start = (provider: ReturnType<typeof landCredit>) =>
    startPayment({ db: database.db, orders, log }, provider, 'user-1', [{ id: '7', total: 1, object: 'spaceship' }]);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    calls = [];
    logged = [];
    holdAnswer = HOLD;
    attachAnswer = true;
    await openSale(database.db);
  });

  it('runs the steps in order and answers what the provider opened', async () => {
    expect(await start(landCredit())).toEqual({ pay: '/land/pay/ORD-LAND-1' });
    expect(calls).toEqual([
      'prepare user-1',
      'openOrder user-1 1 crypto',
      `holdUntil 41 ${HOLD.toISOString()}`,
      `openSession ORD-LAND-1 P-7 ${HOLD.toISOString()}`,
      'attachSession 41 land-credit lc_41',
      'recordSession 41 lc_41',
    ]);
  });

  it('an order opened with the hold its session needs is not held a second time', async () => {
    const provider = { ...landCredit(), minimumHold: () => HOLD };
    expect(await start(provider)).toEqual({ pay: '/land/pay/ORD-LAND-1' });
    expect(calls).toEqual([
      'prepare user-1',
      `openOrder user-1 1 crypto at least ${HOLD.toISOString()}`,
      `openSession ORD-LAND-1 P-7 ${HOLD.toISOString()}`,
      'attachSession 41 land-credit lc_41',
      'recordSession 41 lc_41',
    ]);
  });

  it('a session that cannot be opened: logged, the order failed (its stock released), and the provider\'s 502', async () => {
    const err = await start(landCredit({ sessionFails: true })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 502, code: 'INTERNAL', message: 'The land credit payment could not be started. Please try again.' });
    expect(calls.slice(-2)).toEqual(['log land credit payment could not be started', 'fail 41 the land credit payment could not be started']);
    expect(logged[0]?.obj).toMatchObject({ order: 'ORD-LAND-1', err: expect.objectContaining({ message: 'the credit ledger did not answer' }) });
    expect(calls.some((c) => c.startsWith('attachSession'))).toBe(false);
  });

  it('an order that closed before the hold or the attach is failed too, with the provider\'s words in the log', async () => {
    holdAnswer = null;
    await expect(start(landCredit())).rejects.toMatchObject({ status: 502 });
    expect((logged[0]?.obj.err as Error).message).toBe('the order closed before the credit was held');
    expect(calls).toContain('fail 41 the land credit payment could not be started');
    expect(calls.some((c) => c.startsWith('openSession'))).toBe(false);

    calls = [];
    logged = [];
    holdAnswer = HOLD;
    attachAnswer = false;
    await expect(start(landCredit())).rejects.toMatchObject({ status: 502 });
    expect((logged[0]?.obj.err as Error).message).toBe('the order closed before its credit session was attached');
    expect(calls.at(-1)).toBe('fail 41 the land credit payment could not be started');
    expect(calls.some((c) => c.startsWith('recordSession'))).toBe(false);
  });

  it('refusals before the reserve are answered as they are and reserve nothing', async () => {
    const refusal = new AppError('CONFLICT', 409, 'Link a wallet first.');
    await expect(start(landCredit({ refuse: refusal }))).rejects.toBe(refusal);
    expect(calls).toEqual(['prepare user-1']);

    calls = [];
    await openSale(database.db, false);
    await expect(start(landCredit())).rejects.toMatchObject({ status: 403, message: SALES_CLOSED_MSG });
    expect(calls).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('an order the book refuses to open (sold out) is that refusal, with nothing to fail', async () => {
    const soldOut = new AppError('CONFLICT', 409, 'Only 0 of Ship are left.');
    const refusing = { ...orders, openOrder: async () => Promise.reject(soldOut) };
    await expect(startPayment({ db: database.db, orders: refusing, log }, landCredit(), 'user-1', [])).rejects.toBe(soldOut);
    expect(calls.some((c) => c.startsWith('fail'))).toBe(false);
    expect(logged).toEqual([]);
  });
});
