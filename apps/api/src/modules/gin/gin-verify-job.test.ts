import { GIN_TEXT } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { NotYetError } from '../../jobs/queue.ts';
import { ginVerifyJob } from './gin-verify-job.ts';

const GIN_TOKEN = '0x2222222222222222222222222222222222222222';
const TXH = `0x${'cd'.repeat(32)}`;

/**
 * The gin.verify job when the chain cannot be read (its RPC refuses connections): it waits
 * (NotYetError, a recheck later) until the quote's expiry plus grace, then sends the conversion
 * to review — the Gin may have been burnt — and credits nothing.
 */
describe('gin.verify job on a chain that cannot be read', () => {
  let t: TestApp;
  let userId: string;
  const log = Fastify({ logger: false }).log;

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOCAL_CHAIN: '0', CHAIN_IDS: '31337', CHAIN_31337_RPC_URL: 'http://127.0.0.1:9', CHAIN_31337_GIN: GIN_TOKEN },
    });
    userId = await t.createUser({ username: 'gin_job', wallet: `0x${'55'.repeat(20)}` });
  });
  afterAll(async () => t?.close());

  async function verifyingConversion(tid: string, expiresIn: string): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO gin_conversions (tid, user_id, chain_id, token_address, token_decimals, burn_address, payer,
            total_gin, amount_base, dnc, status, tx_hash, quote_block, expires_at)
          VALUES (${tid}, ${userId}, 31337, ${GIN_TOKEN}, 18, '0x000000000000000000000000000000000000dead', ${`0x${'55'.repeat(20)}`},
            1, 1000000000000000000, 5, 'verifying', ${TXH}, 1, now() + ${expiresIn}::interval)
          RETURNING id::int AS id`,
    );
    return row!.id;
  }
  const stateOf = async (id: number) =>
    (await queryRows<{ status: string; failure: string | null }>(t.database.db, sql`SELECT status, failure FROM gin_conversions WHERE id = ${id}`))[0]!;

  it('before the deadline: looks again later, the conversion still verifying', async () => {
    const id = await verifyingConversion('gc_job_early', '10 minutes');
    const run = ginVerifyJob(t.config.chains)({ conversionId: id, txHash: TXH }, { db: t.database.db, jobId: 1, attempt: 1, log });
    await expect(run).rejects.toBeInstanceOf(NotYetError);
    expect((await stateOf(id)).status).toBe('verifying');
  });

  it('past the quote’s expiry and grace: review, with §8’s text and the hash; nothing credited', async () => {
    const id = await verifyingConversion('gc_job_late', '-1 hour');
    await ginVerifyJob(t.config.chains)({ conversionId: id, txHash: TXH }, { db: t.database.db, jobId: 2, attempt: 5, log });
    expect(await stateOf(id)).toEqual({ status: 'review', failure: `${GIN_TEXT.cannotValidate} Transaction ${TXH}.` });
    const [credits] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM dnc_ledger WHERE user_id = ${userId}`);
    expect(credits!.n).toBe(0);
  });

  it('a job for a transaction the conversion no longer has does nothing', async () => {
    const id = await verifyingConversion('gc_job_other', '10 minutes');
    await ginVerifyJob(t.config.chains)({ conversionId: id, txHash: `0x${'ee'.repeat(32)}` }, { db: t.database.db, jobId: 3, attempt: 1, log });
    expect((await stateOf(id)).status).toBe('verifying');
  });
});
