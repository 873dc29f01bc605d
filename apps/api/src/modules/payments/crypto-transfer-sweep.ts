import type { FastifyBaseLogger } from 'fastify';
import type { Address } from 'viem';
import { z } from 'zod';
import { chainById, type ChainsConfig } from '../../chain/chain-config.ts';
import { describeChainError } from '../../chain/chain-errors.ts';
import { ChainMismatchError, checkedClientFor } from '../../chain/clients.ts';
import { findTokenTransfers, type LoggedTransfer } from '../../chain/usdc-transfer.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { enqueueJob, NotYetError, type JobHandler } from '../../jobs/queue.ts';
import * as repo from './crypto-payments.repo.ts';
import { recordTransaction } from './crypto-record-transaction.ts';
import { ChainUnreadableError, verificationDeadline } from './crypto-verification.ts';
import { recheckDelayMs } from './crypto-verify-job.ts';
import type { CryptoOrderBook } from './order-book.ts';

/**
 * The server's own search for a payment's transfer (docs/decisions/0021 "When the browser never
 * reports"). The browser reports the hash right after the wallet sends it; a tab closed or a
 * phone that kills the browser in between would leave the player's USDC in the treasury and the
 * order to expire. So each quote queues two searches of the token's Transfer logs from the
 * payer to the treasury: shortly before the quote expires (found then, the transfer holds the
 * stock as a reported one does) and once the verification grace is over (a transfer mined late
 * is a late payment: found, it goes to review). What is found is recorded exactly as a reported
 * hash (crypto-record-transaction.ts), and crypto.verify decides as usual.
 */

export const CRYPTO_FIND_TRANSFER_JOB = 'crypto.find_transfer';
/**
 * Tries of one search while the chain cannot be read, at the recheck cadence (3 s growing to a
 * minute): about half an hour, as long as the verification grace, then the search gives up.
 */
export const CRYPTO_FIND_TRANSFER_MAX_ATTEMPTS = 40;
/** The first search runs this long before the quote expires, while the order still holds its stock. */
const BEFORE_EXPIRY_MS = 60_000;

/** Queues both searches for a new payment, in the transaction that inserts it (one each: dedupe keys). */
export async function queueTransferSearches(tx: Tx, paymentId: number, expiresAt: Date): Promise<void> {
  const searches: [string, Date][] = [
    ['before_expiry', new Date(Math.max(Date.now(), expiresAt.getTime() - BEFORE_EXPIRY_MS))],
    ['after_grace', verificationDeadline(expiresAt)],
  ];
  for (const [when, runAt] of searches)
    await enqueueJob(
      tx,
      CRYPTO_FIND_TRANSFER_JOB,
      { paymentId },
      {
        dedupeKey: `${CRYPTO_FIND_TRANSFER_JOB}:${paymentId}:${when}`,
        runAt,
        maxAttempts: CRYPTO_FIND_TRANSFER_MAX_ATTEMPTS,
      },
    );
}

/** How long after the browser said it is closing the server looks: time for the transfer to be mined. */
const AFTER_CLOSE_MS = 10_000;

/**
 * The browser reported that the page is closing (step CLOSE_BROWSER) while the payment has no
 * transaction yet: the player may have sent the transfer a moment before. The report pays
 * nothing; it only makes the server look on chain soon, under the search's own strict rules,
 * instead of just before the quote expires. Once per payment (dedupe key).
 */
export async function queueTransferSearchAfterClose(db: DbOrTx, paymentId: number): Promise<void> {
  await enqueueJob(
    db,
    CRYPTO_FIND_TRANSFER_JOB,
    { paymentId },
    {
      dedupeKey: `${CRYPTO_FIND_TRANSFER_JOB}:${paymentId}:after_close`,
      runAt: new Date(Date.now() + AFTER_CLOSE_MS),
      maxAttempts: CRYPTO_FIND_TRANSFER_MAX_ATTEMPTS,
    },
  );
}

export type SweepDeps = { db: Db; orders: CryptoOrderBook; chains: ChainsConfig; log: FastifyBaseLogger };

/**
 * What one search did. `unconfirmed`: found, but past the verification deadline and not yet
 * confirmed, when crypto.verify could only fail it: search again in a moment.
 */
export type SweepOutcome = 'nothing_to_do' | 'no_quote_block' | 'not_found' | 'unconfirmed' | 'recorded';

/**
 * Looks on chain for the transfer of a payment still awaiting one, and records the first that
 * fits. Idempotent: a payment with a transaction (reported or found) or decided is left alone.
 * `lastTry`: no later run; an unconfirmed transfer is recorded rather than waited for (its
 * verification then flags the order for review: the money is not lost). Throws
 * ChainUnreadableError (its message safe to keep: no RPC address) while the chain cannot be read.
 */
export async function findUnreportedTransfer(
  d: SweepDeps,
  paymentId: number,
  { lastTry }: { lastTry: boolean },
): Promise<SweepOutcome> {
  const p = await repo.findById(d.db, paymentId);
  if (!p || p.status !== 'awaiting_transfer' || p.txHash) return 'nothing_to_do';
  if (p.quoteBlock == null) {
    // Quoted before quote_block was kept: an older transfer could not be told apart from its own.
    d.log.info(
      { payment: p.tid, order: p.orderCode },
      'crypto payment without its quote block: its transfer is not searched for',
    );
    return 'no_quote_block';
  }
  const chain = chainById(d.chains, p.chainId);
  let head: bigint;
  let transfers: LoggedTransfer[];
  let required: bigint;
  try {
    // The chain left the configuration: nothing can be read until an operator puts it back.
    if (!chain) throw new Error(`chain ${p.chainId} is not configured`);
    required = BigInt(chain.confirmations);
    ({ head, transfers } = await findTokenTransfers(await checkedClientFor(chain), {
      token: p.tokenAddress as Address,
      payer: p.payer as Address,
      recipient: p.recipient as Address,
      afterBlock: p.quoteBlock,
    }));
  } catch (err) {
    const error = describeChainError(err);
    const at = { payment: p.tid, order: p.orderCode, error };
    if (err instanceof ChainMismatchError) d.log.error(at, err.message);
    else d.log.warn(at, 'crypto transfer search could not read the chain');
    throw new ChainUnreadableError(
      `crypto payment ${p.id}: the transfer search could not read the payment chain: ${error}`,
    );
  }
  const found = await firstFreeTransfer(d.db, p, transfers);
  if (!found) return 'not_found';
  const confirmations = head - found.blockNumber + 1n;
  if (!lastTry && Date.now() > verificationDeadline(p.expiresAt).getTime() && confirmations < required)
    return 'unconfirmed';
  const at = { payment: p.tid, order: p.orderCode, tx: found.txHash, log_index: found.logIndex };
  const recorded = await recordTransaction(d, p, found.txHash, (tx) =>
    d.orders.logPaymentObservationInTx(
      tx,
      p.orderId,
      'transfer_found_on_chain',
      {
        crypto_payment: p.tid,
        txh: found.txHash,
        log_index: found.logIndex,
        block_number: found.blockNumber.toString(),
        content: 'The browser never reported this transfer: the server found it on chain',
      },
    ),
  );
  // The browser reported meanwhile, or another run of this search was first: theirs stands.
  if (recorded.kind !== 'recorded' || !recorded.now) return 'nothing_to_do';
  d.log.info(at, 'crypto transfer found on chain without a report from the browser');
  return 'recorded';
}

/**
 * The first transfer of exactly the amount asked that no other payment holds: not recorded as
 * used, and not the transaction another payment from the same wallet is verifying (its browser
 * reported it there, or a search found it for it: that payment claims it or lets it go).
 */
async function firstFreeTransfer(
  db: Db,
  p: repo.CryptoPaymentView,
  transfers: LoggedTransfer[],
): Promise<LoggedTransfer | undefined> {
  const exact = transfers.filter((t) => t.value === p.amountBase);
  const hashes = [...new Set(exact.map((t) => t.txHash))];
  const [used, verifying] = await Promise.all([
    repo.usedTransfers(db, p.chainId, hashes),
    repo.transactionsBeingVerified(db, p, hashes),
  ]);
  return exact.find((t) => !used.has(`${t.txHash}:${t.logIndex}`) && !verifying.has(t.txHash));
}

const PayloadSchema = z.object({ paymentId: z.number().int().positive() });

/**
 * The crypto.find_transfer job. A chain that cannot be read (RPC down, another chain id) is asked
 * again at the recheck cadence, up to CRYPTO_FIND_TRANSFER_MAX_ATTEMPTS tries; then the search
 * gives up with a warning (the order expires as it would have). Errors are described without
 * the RPC address (chain-errors.ts), in the log and in jobs.last_error.
 */
export function cryptoFindTransferJob(chains: ChainsConfig, orders: CryptoOrderBook): JobHandler {
  return async (payload, { db, attempt, log }) => {
    const { paymentId } = PayloadSchema.parse(payload);
    const lastTry = attempt >= CRYPTO_FIND_TRANSFER_MAX_ATTEMPTS;
    let outcome: SweepOutcome;
    try {
      outcome = await findUnreportedTransfer({ db, orders, chains, log }, paymentId, { lastTry });
    } catch (err) {
      if (!(err instanceof ChainUnreadableError)) throw err;
      if (lastTry) {
        log.warn(
          { paymentId, error: err.message },
          'crypto transfer search gave up: the payment chain could not be read',
        );
        return;
      }
      throw new NotYetError(err.message, recheckDelayMs(attempt));
    }
    if (outcome === 'unconfirmed')
      throw new NotYetError(
        `crypto payment ${paymentId}: the transfer found is not confirmed yet`,
        recheckDelayMs(attempt),
      );
  };
}
