import { GIN_TEXT } from '@starport/schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlayer } from '../../test/catalogue-fixtures.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { openDatabase, queryRows, type Database, type Db } from '../db/client.ts';
import { chainTransfers, ginConversions } from '../db/schema/index.ts';
import { dncBalance } from '../modules/assets/index.ts';
import { ginConversionsActivity } from '../modules/gin/index.ts';
import { CliError } from './cli-error.ts';
import type { Io } from './io.ts';
import { age, ginForReview } from './output.ts';
import { parseCommand } from './parse.ts';
import { runCommand } from './run-command.ts';

const GIN = 10n ** 18n;
const io = (lines: string[]): Io => ({
  out: (l) => void lines.push(l),
  err: (l) => void lines.push(l),
  readFile: async () => '',
  readStdin: async () => '',
});
const run = async (db: Db, argv: string[]) => {
  const lines: string[] = [];
  await runCommand(db, parseCommand(argv), io(lines));
  return lines;
};
/** The CliError a command ends with (the test fails if it succeeds). */
const refusal = async (db: Db, argv: string[]) => {
  const err = await run(db, argv).then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(CliError);
  return (err as CliError).message;
};

let seq = 0;
/**
 * A conversion as gin-verification.ts leaves it (its transaction reported), `minutesAgo` since
 * its last change; `burnt` Gin: the transfer it claimed (none: unconfirmed or unreadable).
 */
async function conversion(db: Db, userId: string, o: { status: string; total: number; minutesAgo: number; burnt?: bigint }) {
  seq += 1;
  const txHash = `0x${seq.toString(16).padStart(64, '0')}`;
  const failure = o.status === 'review' ? `${GIN_TEXT.cannotValidate} Transaction ${txHash}.` : null;
  const [row] = await db
    .insert(ginConversions)
    .values({
      tid: `gc_${`review${seq}`.padEnd(24, 'x')}`,
      userId,
      chainId: 56,
      tokenAddress: `0x${'22'.repeat(20)}`,
      tokenDecimals: 18,
      burnAddress: '0x000000000000000000000000000000000000dead',
      payer: `0x${'55'.repeat(20)}`,
      totalGin: o.total,
      amountBase: BigInt(o.total) * GIN,
      dnc: o.total * 5,
      status: o.status,
      txHash,
      failure,
      quoteBlock: 1n,
      expiresAt: new Date(Date.now() - 60 * 60_000),
      updatedAt: new Date(Date.now() - o.minutesAgo * 60_000),
    })
    .returning();
  if (o.burnt !== undefined)
    await db.insert(chainTransfers).values({
      chainId: 56,
      txHash,
      logIndex: 0,
      ginConversionId: row!.id,
      tokenAddress: row!.tokenAddress,
      fromAddress: row!.payer,
      toAddress: row!.burnAddress,
      amountBase: o.burnt,
      blockNumber: 100n,
    });
  return row!;
}

const stateOf = async (db: Db, id: number) => (await db.select().from(ginConversions).where(eq(ginConversions.id, id)))[0]!;
const ginCredits = (db: Db, id: number) =>
  queryRows<{ amount: number }>(db, sql`SELECT amount::int AS amount FROM dnc_ledger WHERE gin_conversion_id = ${id}`);

describe('admin gin-review and resolve-gin-review: the operator decides Gin conversions in review', () => {
  let database: Database & { url?: string };
  let db: Db;
  let pilot: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    pilot = await addPlayer(db, 'ginpilot');
  });
  afterAll(() => database?.close());

  it('lists conversions in review, longest waiting first, with the Gin burnt when a transfer was claimed', async () => {
    const overpaid = await conversion(db, pilot, { status: 'review', total: 3, minutesAgo: 180, burnt: 5n * GIN + GIN / 2n });
    const unconfirmed = await conversion(db, pilot, { status: 'review', total: 2, minutesAgo: 30 });
    await conversion(db, pilot, { status: 'credited', total: 1, minutesAgo: 300, burnt: GIN });
    const lines = await run(db, ['gin-review']);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(
      new RegExp(`^${overpaid.id}  ${overpaid.tid}  ginpilot  network 0x38  tx ${overpaid.txHash}  quoted 3 Gin = 15 DNC  burnt 5.5 Gin  waiting 3h \\d+m \\(since `),
    );
    expect(lines[1]).toBe(`    ${overpaid.failure}`);
    expect(lines[2]).toContain(`${unconfirmed.id}  ${unconfirmed.tid}  ginpilot  network 0x38  tx ${unconfirmed.txHash}  quoted 2 Gin = 10 DNC  burnt unknown  waiting 30m`);
    expect(lines[4]).toBe('2 of 2 waiting for review');
    expect((await run(db, ['gin-review', '--limit', '1'])).at(-1)).toBe('1 of 2 waiting for review');
    // Leave the list empty for the tests after this one.
    await run(db, ['resolve-gin-review', String(overpaid.id), '--credit', '--note', 'listed']);
    await run(db, ['resolve-gin-review', unconfirmed.tid, '--fail', '--note', 'listed']);
    expect(await run(db, ['gin-review'])).toEqual(['No Gin conversion is waiting for review.']);
  });

  it('credits the quoted DNC once, with the history entry, and refuses a second resolve', async () => {
    const player = await addPlayer(db, 'gincredit');
    const c = await conversion(db, player, { status: 'review', total: 4, minutesAgo: 60, burnt: 9n * GIN });
    expect(await run(db, ['resolve-gin-review', String(c.id), '--credit', '--note', 'checked on bscscan: 9 Gin burnt'])).toEqual([
      `Gin conversion ${c.id} (${c.tid}): credited 20 DNC for the 4 Gin quoted ("checked on bscscan: 9 Gin burnt").`,
    ]);
    const after = await stateOf(db, c.id);
    expect(after).toMatchObject({ status: 'credited', failure: null, reviewNote: 'checked on bscscan: 9 Gin burnt' });
    expect(after.creditedAt).toBeInstanceOf(Date);
    expect(after.reviewedAt).toBeInstanceOf(Date);
    expect(await refusal(db, ['resolve-gin-review', c.tid, '--credit', '--note', 'again'])).toBe(
      `Gin conversion ${c.tid} was already resolved by an operator: credited ("checked on bscscan: 9 Gin burnt"). Nothing was changed.`,
    );
    expect(await refusal(db, ['resolve-gin-review', String(c.id), '--fail', '--note', 'changed my mind'])).toContain('already resolved');
    expect(await ginCredits(db, c.id)).toEqual([{ amount: 20 }]);
    expect(await dncBalance(db, player)).toBe(20);
    const [entry] = await ginConversionsActivity(db, player, { before: null, limit: 10 });
    expect(entry).toMatchObject({ kind: 'gin_conversion', id: c.id, dnc: 20, direction: 'in', detail: `4 Gin burnt in transaction ${c.txHash}` });
  });

  it('fails with the note as the reason the player reads, crediting nothing', async () => {
    const player = await addPlayer(db, 'ginfail');
    const c = await conversion(db, player, { status: 'review', total: 2, minutesAgo: 20 });
    const reason = `${GIN_TEXT.cannotValidate} Transaction ${c.txHash}: the transaction never reached the burn address.`;
    expect(await run(db, ['resolve-gin-review', String(c.id), '--fail', '--note', 'the transaction never reached the burn address'])).toEqual([
      `Gin conversion ${c.id} (${c.tid}): failed, nothing credited. The player reads: ${reason}`,
    ]);
    expect(await stateOf(db, c.id)).toMatchObject({ status: 'failed', failure: reason, creditedAt: null });
    expect(await ginCredits(db, c.id)).toEqual([]);
    expect(await dncBalance(db, player)).toBe(0);
    expect(await refusal(db, ['resolve-gin-review', String(c.id), '--credit', '--note', 'x'])).toContain('already resolved by an operator: failed');
  });

  it('refuses a conversion not in review, an unknown one, and bad usage', async () => {
    const auto = await conversion(db, pilot, { status: 'credited', total: 1, minutesAgo: 5, burnt: GIN });
    const verifying = await conversion(db, pilot, { status: 'verifying', total: 1, minutesAgo: 1 });
    expect(await refusal(db, ['resolve-gin-review', String(auto.id), '--credit', '--note', 'x'])).toBe(
      `Gin conversion ${auto.id} is credited, not waiting for review. Nothing was changed.`,
    );
    expect(await refusal(db, ['resolve-gin-review', verifying.tid, '--fail', '--note', 'x'])).toBe(
      `Gin conversion ${verifying.tid} is verifying, not waiting for review. Nothing was changed.`,
    );
    expect(await stateOf(db, verifying.id)).toMatchObject({ status: 'verifying', reviewNote: null });
    expect(await refusal(db, ['resolve-gin-review', '999999', '--fail', '--note', 'x'])).toBe('Gin conversion 999999 does not exist.');
    expect(() => parseCommand(['resolve-gin-review', '1', '--credit', '--fail', '--note', 'x'])).toThrow(/exactly one of --credit and --fail/);
    expect(() => parseCommand(['resolve-gin-review', '1', '--note', 'x'])).toThrow(/exactly one of --credit and --fail/);
    expect(() => parseCommand(['resolve-gin-review', '1', '--credit'])).toThrow(/needs --note/);
    expect(() => parseCommand(['resolve-gin-review', 'SP-1', '--credit', '--note', 'x'])).toThrow(/neither a conversion id/);
  });

  it('two operators resolving at once: one decision, one credit at most', async () => {
    const player = await addPlayer(db, 'ginrace');
    const c = await conversion(db, player, { status: 'review', total: 3, minutesAgo: 10, burnt: 4n * GIN });
    // On PostgreSQL a second pool, as a second operator's process; PGlite has one connection.
    const other = database.url ? await openDatabase({ url: database.url, onConnectionError: () => {} }) : null;
    try {
      const dbs = [db, other?.db ?? db];
      const attempts = Array.from({ length: 8 }, (_, i) =>
        run(dbs[i % 2]!, ['resolve-gin-review', String(c.id), i % 3 === 2 ? '--fail' : '--credit', '--note', `operator ${i}`]).then(
          () => 'resolved',
          (e: unknown) => (e instanceof CliError ? e.message : Promise.reject(e)),
        ),
      );
      const outcomes = await Promise.all(attempts);
      expect(outcomes.filter((o) => o === 'resolved')).toHaveLength(1);
      for (const o of outcomes.filter((o) => o !== 'resolved')) expect(o).toContain('already resolved by an operator');
      const after = await stateOf(db, c.id);
      expect(await ginCredits(db, c.id)).toEqual(after.status === 'credited' ? [{ amount: 15 }] : []);
      expect(await dncBalance(db, player)).toBe(after.status === 'credited' ? 15 : 0);
    } finally {
      await other?.close();
    }
  });
});

describe('gin-review wording', () => {
  it('says how long a conversion has waited, coarsely', () => {
    expect([age(0), age(59 * 60_000), age(3 * 3600_000 + 5 * 60_000), age(50 * 3600_000)]).toEqual(['0m', '59m', '3h 5m', '2d 2h']);
  });
  it('prints a conversion with no reason and no transaction as such', () => {
    const since = new Date('2026-11-28T10:00:00Z');
    const [line, reason] = ginForReview(
      { conversions: [{ id: 7, tid: 'gc_x', player: 'p', network: '0x1', txHash: null, totalGin: 1, dnc: 5, burntGin: null, reason: null, since }], total: 1 },
      new Date('2026-11-28T10:45:00Z'),
    );
    expect(line).toBe('7  gc_x  p  network 0x1  tx -  quoted 1 Gin = 5 DNC  burnt unknown  waiting 45m (since 2026-11-28 10:00Z)');
    expect(reason).toBe('    no reason recorded');
  });
});
