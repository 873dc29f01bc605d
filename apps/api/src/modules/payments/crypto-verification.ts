import type { FastifyBaseLogger } from 'fastify';
import type { Address, Hash } from 'viem';
import { chainById, type ChainsConfig } from '../../chain/chain-config.ts';
import { describeChainError } from '../../chain/chain-errors.ts';
import { ChainMismatchError, checkedClientFor } from '../../chain/clients.ts';
import { checkUsdcTransfer, type MismatchReason, type TokenTransfer, type TransferCheck } from '../../chain/usdc-transfer.ts';
import type { Db } from '../../db/client.ts';
import { formatTokenAmount, microOf } from './crypto-amounts.ts';
import { CRYPTO_MSG } from './crypto-messages.ts';
import * as repo from './crypto-payments.repo.ts';
import { CRYPTO_PROVIDER, type CryptoOrderBook } from './order-book.ts';

/**
 * How long after its quote lapsed a reported transaction is still looked for: a transfer sent
 * just in time may take a while to be mined and confirmed. Reporting a transaction holds the
 * order's stock as long (crypto-payments.service.ts), so the expiry job does not take it away
 * while the transfer confirms.
 */
export const VERIFY_GRACE_MINUTES = 15;
/** The payment's token: USDC (chain-config.ts paymentSetup). Named in the player's messages. */
const SYMBOL = 'USDC';

export type VerificationDeps = { db: Db; orders: CryptoOrderBook; chains: ChainsConfig; log: FastifyBaseLogger };

/** What one run decided. `retry`: the chain cannot tell yet; ask again later. */
export type VerificationOutcome =
  | 'nothing_to_do'
  | 'retry'
  | 'paid'
  | 'review'
  | 'failed'
  | 'already_used';

/**
 * The payment chain could not be read (its RPC down, or answering another chain) before the
 * verification deadline: look again soon. The message is safe to keep (no RPC address).
 */
export class ChainUnreadableError extends Error {
  override name = 'ChainUnreadableError';
}

/** A payment being verified: it has its transaction. */
type Verifying = repo.CryptoPaymentView & { txHash: string };

/** The verification deadline: the quote's expiry plus the grace. */
export const verificationDeadline = (expiresAt: Date) => new Date(expiresAt.getTime() + VERIFY_GRACE_MINUTES * 60_000);

/**
 * Decides a crypto payment from the chain (docs/decisions/0021). Idempotent: a payment that is
 * not `verifying` is left alone, and every decision is a conditional UPDATE of a `verifying`
 * payment with the transaction it read, so a second run, a second worker at the same time, or a
 * run about a transaction replaced meanwhile changes nothing.
 * `lastTry`: the job will not run again: an undecidable transaction fails instead of waiting.
 * `txHash`: the transaction the job was queued for; once replaced, that job has nothing to do.
 * Throws ChainUnreadableError while the chain cannot be read and the deadline has not passed.
 */
export async function verifyCryptoPayment(
  d: VerificationDeps,
  paymentId: number,
  { lastTry, txHash }: { lastTry: boolean; txHash?: string },
): Promise<VerificationOutcome> {
  const found = await repo.findById(d.db, paymentId);
  if (!found || found.status !== 'verifying' || !found.txHash) return 'nothing_to_do';
  if (txHash && found.txHash !== txHash) return 'nothing_to_do';
  const p = found as Verifying;
  const undecidable = lastTry || Date.now() > verificationDeadline(p.expiresAt).getTime();
  let check: TransferCheck;
  try {
    check = await readTransfer(d.chains, p);
  } catch (err) {
    const error = describeChainError(err);
    const at = { payment: p.tid, order: p.orderCode, tx: p.txHash, error };
    // Past the deadline nobody waits any more; the transfer may have paid us, so an operator looks.
    if (undecidable) return failPayment(d, p, CRYPTO_MSG.cannotValidate, `unreadable: ${error}`, { review: true });
    if (err instanceof ChainMismatchError) d.log.error(at, err.message);
    else d.log.warn(at, 'crypto transfer could not be read; looking again');
    throw new ChainUnreadableError(`crypto payment ${p.id}: the payment chain could not be read: ${error}`);
  }
  d.log.info({ payment: p.tid, order: p.orderCode, tx: p.txHash, outcome: check.outcome }, 'crypto transfer checked');
  switch (check.outcome) {
    case 'pending':
      if (!undecidable) return 'retry';
      return failPayment(d, p, CRYPTO_MSG.cannotValidate, check.outcome);
    case 'under_confirmed':
      if (!undecidable) return 'retry';
      // Mined but never confirmed enough: money may have moved.
      return failPayment(d, p, CRYPTO_MSG.cannotValidate, check.outcome, { review: true });
    case 'reverted':
      return failPayment(d, p, CRYPTO_MSG.reverted, check.outcome);
    case 'mismatch':
      return failPayment(d, p, mismatchMessage(check.reason), `${check.outcome}:${check.reason}`);
    case 'short':
    case 'overpaid':
      return credit(d, p, [check.transfer], check.outcome);
    case 'exact':
      return credit(d, p, check.transfers, 'exact');
  }
}

/**
 * The payment's transaction as the chain says, through a client whose RPC answered the
 * payment's chain id (clients.ts checkedClientFor): a transfer on another chain never pays.
 */
async function readTransfer(chains: ChainsConfig, p: Verifying): Promise<TransferCheck> {
  const chain = chainById(chains, p.chainId);
  // The chain left the configuration: nothing can be read until an operator puts it back.
  if (!chain) throw new Error(`chain ${p.chainId} is not configured`);
  return checkUsdcTransfer(await checkedClientFor(chain), p.txHash as Hash, {
    token: p.tokenAddress as Address,
    recipient: p.recipient as Address,
    payer: p.payer as Address,
    amountBase: p.amountBase,
    confirmations: chain.confirmations,
    afterBlock: p.quoteBlock,
  });
}

/** The last try could not even run (the database, not the chain): the payment fails as undecidable. */
export async function giveUpVerifying(d: VerificationDeps, paymentId: number): Promise<VerificationOutcome> {
  const p = await repo.findById(d.db, paymentId);
  if (!p || p.status !== 'verifying' || !p.txHash) return 'nothing_to_do';
  return failPayment(d, p as Verifying, CRYPTO_MSG.cannotValidate, 'unreadable', { review: true });
}

function mismatchMessage(reason: MismatchReason): string {
  switch (reason) {
    case 'sent_before_quote':
      return CRYPTO_MSG.sentBeforeQuote;
    case 'wrong_payer':
      return CRYPTO_MSG.wrongPayer;
    case 'wrong_recipient':
      return CRYPTO_MSG.wrongRecipient;
    case 'wrong_token':
      return CRYPTO_MSG.wrongToken;
    case 'no_transfer':
      return CRYPTO_MSG.noTransfer;
  }
}

/**
 * Nothing of this transaction pays the order: the payment fails, and so does the order, whose
 * stock goes back at once — a payment takes one transaction, so nobody could pay this order
 * any more; the player starts again with a new quote. (A crash between the two leaves the
 * order to its expiry job.) `review`: the transaction may have moved money we could not see
 * (mined but not confirmed, or the chain unreadable): the order is flagged for an operator in
 * the transaction that fails the payment.
 */
async function failPayment(
  d: VerificationDeps,
  p: Verifying,
  msg: string,
  why: string,
  { review = false }: { review?: boolean } = {},
): Promise<VerificationOutcome> {
  const decided = await d.db.transaction(async (tx) => {
    if (!(await repo.decide(tx, p.id, p.txHash, 'failed', msg))) return false;
    if (review)
      await d.orders.flagForReviewInTx(tx, p.orderId, why, { crypto_payment: p.tid, chain_id: p.chainId, tx_hash: p.txHash });
    return true;
  });
  if (!decided) return 'nothing_to_do';
  await d.orders.fail(p.orderId, `crypto payment ${p.tid} failed: ${why}`);
  d.log.warn({ payment: p.tid, order: p.orderCode, tx: p.txHash, why }, 'crypto payment failed');
  return 'failed';
}

/**
 * A transfer of the token from the payer to the recipient: in ONE transaction the transfer is
 * recorded as used (chain, tx hash, log index — the first of `candidates` not already taken),
 * the payment decided and the order paid (markPaid inside this transaction). A crash anywhere
 * rolls all of it back and the job's next run starts over; two runs at once are serialized on
 * the payment's row; two payments claiming one transfer are serialized on its key, and the
 * second finds it taken.
 *
 * exact → the order is paid (or goes to review when it had expired: not a second sale).
 * overpaid → review: the money is ours, the order is not paid until an operator decides.
 * short → recorded (the transfer cannot pay anything else), the payment fails, the order is
 *   flagged for a refund and failed.
 */
async function credit(
  d: VerificationDeps,
  p: Verifying,
  candidates: TokenTransfer[],
  kind: 'exact' | 'overpaid' | 'short',
): Promise<VerificationOutcome> {
  const outcome = await d.db.transaction(async (tx): Promise<VerificationOutcome> => {
    if (!(await repo.lockVerifying(tx, p.id, p.txHash))) return 'nothing_to_do';
    // The row is locked and verifying, so this moves it; anything else must not commit the credit.
    const settle = async (status: 'paid' | 'review' | 'failed', msg: string | null) => {
      if (!(await repo.decide(tx, p.id, p.txHash, status, msg))) throw new Error(`crypto payment ${p.tid} was decided meanwhile`);
    };
    let used: TokenTransfer | undefined;
    for (const t of candidates) {
      if (await repo.claimTransfer(tx, p, t)) {
        used = t;
        break;
      }
    }
    if (!used) {
      await settle('failed', CRYPTO_MSG.alreadyUsed);
      return 'already_used';
    }
    const sent = formatTokenAmount(used.value, p.tokenDecimals);
    const due = formatTokenAmount(p.amountBase, p.tokenDecimals);
    const paid = await d.orders.markPaidInTx(
      tx,
      p.orderId,
      {
        provider: CRYPTO_PROVIDER,
        eventId: `${p.chainId}:${p.txHash}:${used.logIndex}`,
        // Exact is the quote, and the quote is the order total; a difference is kept visible.
        amountMicro:
          kind === 'exact' ? p.orderTotalMicro : microOf(used.value, p.tokenDecimals, kind === 'short' ? 'down' : 'up'),
        currency: 'USD',
        payload: {
          crypto_payment: p.tid,
          chain_id: p.chainId,
          tx_hash: p.txHash,
          log_index: used.logIndex,
          block_number: used.blockNumber.toString(),
          token: used.token,
          from: used.from,
          to: used.to,
          amount_base: used.value.toString(),
          due_base: p.amountBase.toString(),
        },
      },
    );
    if (kind === 'short') {
      await settle('failed', CRYPTO_MSG.short(sent, due, SYMBOL));
      return 'failed';
    }
    if (kind === 'overpaid') {
      await settle('review', CRYPTO_MSG.overpaid(sent, due, SYMBOL));
      return 'review';
    }
    if (paid === 'review') {
      await settle('review', CRYPTO_MSG.late);
      return 'review';
    }
    await settle('paid', null);
    return 'paid';
  });
  if (outcome === 'failed' || outcome === 'already_used')
    await d.orders.fail(p.orderId, `crypto payment ${p.tid} failed: ${outcome === 'failed' ? 'short' : 'transfer already used'}`);
  if (outcome !== 'nothing_to_do')
    d.log.info({ payment: p.tid, order: p.orderCode, tx: p.txHash, outcome }, 'crypto payment decided');
  return outcome;
}
