import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { addPlayer, addShopLine } from '../../test/catalogue-fixtures.ts';
import { OrdersService } from '../modules/orders/index.ts';
import { CliError } from './cli-error.ts';
import type { Io } from './io.ts';
import { parseCommand } from './parse.ts';
import { runCommand } from './run-command.ts';
import { ordersForReview as reviewLines } from './output.ts';

function captureIo(): Io & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    out: (l) => void lines.push(l),
    err: (l) => void lines.push(l),
    readFile: async () => '',
    readStdin: async () => '',
  };
}

const run = async (db: Database['db'], argv: string[]) => {
  const io = captureIo();
  await runCommand(db, parseCommand(argv), io);
  return io.lines;
};

describe('admin orders-review and resolve-review: the operator sees and closes payments needing review', () => {
  let database: Database;
  let orders: OrdersService;
  let wrongAmount: string;
  let late: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    orders = new OrdersService({ db, reservationMinutes: 15 });
    const player = await addPlayer(db, 'reviewpilot');
    const line = await addShopLine(db, { stock: 5, sellMicro: 40_000_000n, name: 'Review Hawk' });
    const a = await orders.openOrder(player, [{ id: line.id, object: 'spaceship', total: 1 }], 'card');
    expect(
      await orders.markPaid(a.id, {
        provider: 'stripe',
        eventId: 'evt_short',
        amountMicro: 1_000_000n,
        currency: 'usd',
      }),
    ).toBe('review');
    wrongAmount = a.code;
    const b = await orders.openOrder(player, [{ id: line.id, object: 'spaceship', total: 1 }], 'card');
    await orders.fail(b.id, 'test: the session could not open');
    expect(
      await orders.markPaid(b.id, {
        provider: 'stripe',
        eventId: 'evt_late',
        amountMicro: 40_000_000n,
        currency: 'usd',
      }),
    ).toBe('review');
    late = b.code;
    // A paid order needs nothing from the operator and is not listed.
    const c = await orders.openOrder(player, [{ id: line.id, object: 'spaceship', total: 1 }], 'card');
    expect(
      await orders.markPaid(c.id, { provider: 'stripe', eventId: 'evt_ok', amountMicro: 40_000_000n, currency: 'usd' }),
    ).toBe('paid');
  });
  afterAll(() => database.close());

  it('lists the flagged orders oldest first with the reason, the amount and the provider event', async () => {
    const lines = await run(database.db, ['orders-review']);
    const codes = lines.filter((l) => l.startsWith('SP-')).map((l) => l.split(' ')[0]);
    expect(codes).toEqual([wrongAmount, late]);
    const text = lines.join('\n');
    expect(text).toContain('amount or currency differs from the order: paid $1.00 usd (event stripe:evt_short)');
    expect(text).toContain('payment arrived after the order was failed: paid $40.00 (event stripe:evt_late)');
    expect(lines.at(-1)).toBe('2 of 2 waiting for review');
  });

  it('closes a review once, keeping the note as an event', async () => {
    expect(
      await run(database.db, ['resolve-review', wrongAmount.toLowerCase(), '--note', 'refunded in Stripe']),
    ).toEqual([`${wrongAmount}: review closed ("refunded in Stripe").`]);
    const again = await runCommand(
      database.db,
      parseCommand(['resolve-review', wrongAmount, '--note', 'x']),
      captureIo(),
    ).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(CliError);
    expect((again as CliError).message).toBe(`${wrongAmount} is not waiting for review (or does not exist).`);
    const lines = await run(database.db, ['orders-review']);
    expect(lines.filter((l) => l.startsWith('SP-')).map((l) => l.split(' ')[0])).toEqual([late]);
    const rows = await queryRows<{ kind: string; payload: unknown }>(
      database.db,
      sql`SELECT e.kind, e.payload FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.code = ${wrongAmount} ORDER BY e.id DESC LIMIT 1`,
    );
    expect(rows[0]).toEqual({ kind: 'review_resolved', payload: { note: 'refunded in Stripe' } });
  });

  it('refuses a bad code, a missing note and an empty list reads as such', async () => {
    expect(() => parseCommand(['resolve-review', 'nope', '--note', 'x'])).toThrow(/not an order code/);
    expect(() => parseCommand(['resolve-review', late])).toThrow(/needs --note/);
    await run(database.db, ['resolve-review', late, '--note', 'honoured: delivered by hand']);
    expect(await run(database.db, ['orders-review'])).toEqual(['No order is waiting for review.']);
  });
});

describe('orders-review says why each order waits, for every kind of reason', () => {
  const at = new Date('2026-11-28T12:00:00Z');
  const order = (kind: string, payload: Record<string, unknown>, providerEventId: string | null = null) => ({
    code: 'SP-TEST',
    status: 'fulfilled' as const,
    method: 'crypto',
    provider: null,
    totalMicro: 5_000_000n,
    player: 'pilot',
    updatedAt: at,
    reasons: [{ kind, at, providerEventId, payload }],
  });
  const said = (o: ReturnType<typeof order>) => reviewLines({ orders: [o], total: 1 })[1];

  it('names the reason recorded with each kind, never another kind’s words', () => {
    expect(said(order('fulfilment_blocked', { reason: 'The player has no linked wallet to mint to.' }))).toContain(
      'paid, but could not be fulfilled: The player has no linked wallet to mint to.',
    );
    expect(said(order('payment_unverified', { reason: 'the chain never answered' }))).toContain('a reported payment could not be checked: the chain never answered');
    expect(said(order('listing_not_reserved', { listing_ids: [7] }))).toContain('a listing was no longer held for the order: [7]');
    const mint = said(order('mint_failed', { reason: 'Token 9 already exists on chain, minted by another transaction.' }, 'mint_failed:3'));
    expect(mint).toContain('the paid ship mint failed for good (refund the fee, or the player converts again): Token 9 already exists');
    expect(mint).not.toContain('event');
  });
});
