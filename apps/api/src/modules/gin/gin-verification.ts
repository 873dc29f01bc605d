import type { FastifyBaseLogger } from 'fastify';
import type { Address, Hash } from 'viem';
import { chainById, type ChainsConfig } from '../../chain/chain-config.ts';
import { describeChainError } from '../../chain/chain-errors.ts';
import { checkedClientFor } from '../../chain/clients.ts';
import { claimTransfer } from '../../chain/transfer-claims.ts';
import { checkTokenTransfer, type TokenTransfer, type TransferCheck } from '../../chain/usdc-transfer.ts';
import type { Db } from '../../db/client.ts';
import { creditDnc } from '../assets/index.ts';
import { GIN_MSG } from './gin-messages.ts';
import * as repo from './gin-conversions.repo.ts';

/** How long after its quote lapsed a reported transaction is still looked for (mined late, confirming). */
export const GIN_VERIFY_GRACE_MINUTES = 15;
export const ginVerificationDeadline = (expiresAt: Date) => new Date(expiresAt.getTime() + GIN_VERIFY_GRACE_MINUTES * 60_000);

export type GinVerificationDeps = { db: Db; chains: ChainsConfig; log: FastifyBaseLogger };

/** What one look decided. `retry`: the chain cannot tell yet. */
export type GinOutcome = 'nothing_to_do' | 'retry' | 'credited' | 'failed' | 'review';

/** The conversion's chain could not be read before its deadline: look again later. */
export class GinChainUnreadableError extends Error {
  override name = 'GinChainUnreadableError';
}

/**
 * Decides a reported conversion from the chain (decision 0053). Idempotent: only a `verifying`
 * conversion with the transaction `txHash` is looked at, and every decision is a conditional
 * UPDATE of exactly that, so a second look, a second worker or a replay changes nothing.
 * `lastTry`: nobody will look again, so an undecidable transaction fails instead of waiting.
 */
export async function verifyGinConversion(
  d: GinVerificationDeps,
  conversionId: number,
  { lastTry, txHash }: { lastTry: boolean; txHash: string },
): Promise<GinOutcome> {
  const found = await repo.findById(d.db, conversionId);
  if (!found || found.status !== 'verifying' || found.txHash !== txHash) return 'nothing_to_do';
  const c = found as repo.ReportedConversion;
  const undecidable = lastTry || Date.now() > ginVerificationDeadline(c.expiresAt).getTime();
  let check: TransferCheck;
  try {
    check = await readTransfer(d.chains, c);
  } catch (err) {
    const error = describeChainError(err);
    // Past the deadline nobody waits; the Gin may have been burnt, so it goes to review.
    if (undecidable) return settle(d, c, 'review', GIN_MSG.cannotValidate(c.txHash));
    d.log.warn({ conversion: c.tid, tx: c.txHash, error }, 'gin transfer could not be read; looking again');
    throw new GinChainUnreadableError(`gin conversion ${c.id}: chain ${c.chainId} could not be read: ${error}`);
  }
  d.log.info({ conversion: c.tid, tx: c.txHash, outcome: check.outcome }, 'gin transfer checked');
  switch (check.outcome) {
    case 'pending':
      return undecidable ? settle(d, c, 'failed', GIN_MSG.cannotValidate(c.txHash)) : 'retry';
    case 'under_confirmed':
      // Mined but not confirmed in time: Gin may have been burnt, so an operator looks.
      return undecidable ? settle(d, c, 'review', GIN_MSG.cannotValidate(c.txHash, GIN_MSG.why.unconfirmed)) : 'retry';
    case 'reverted':
      return settle(d, c, 'failed', GIN_MSG.reverted(c.txHash));
    case 'mismatch':
      return settle(d, c, 'failed', GIN_MSG.cannotValidate(c.txHash, GIN_MSG.why[check.reason]));
    case 'short':
    case 'overpaid':
      return claimAndDecide(d, c, [check.transfer], check.outcome);
    case 'exact':
      return claimAndDecide(d, c, check.transfers, 'exact');
  }
}

/** The conversion's transaction as its chain says, through a client checked to serve that chain. */
async function readTransfer(chains: ChainsConfig, c: repo.ReportedConversion): Promise<TransferCheck> {
  const chain = chainById(chains, c.chainId);
  if (!chain) throw new Error(`chain ${c.chainId} is not configured`);
  return checkTokenTransfer(await checkedClientFor(chain), c.txHash as Hash, {
    token: c.tokenAddress as Address,
    recipient: c.burnAddress as Address,
    payer: c.payer as Address,
    amountBase: c.amountBase,
    confirmations: chain.confirmations,
    afterBlock: c.quoteBlock,
  });
}

async function settle(
  d: GinVerificationDeps,
  c: repo.ReportedConversion,
  status: 'failed' | 'review',
  failure: string,
): Promise<GinOutcome> {
  if (!(await repo.decide(d.db, c.id, c.txHash, status, failure))) return 'nothing_to_do';
  d.log.warn({ conversion: c.tid, tx: c.txHash, status, failure }, 'gin conversion not credited');
  return status;
}

/** The last try could not even run (the database, not the chain): the conversion goes to review. */
export async function giveUpGinVerification(d: GinVerificationDeps, conversionId: number): Promise<GinOutcome> {
  const c = await repo.findById(d.db, conversionId);
  if (!c || c.status !== 'verifying' || !c.txHash) return 'nothing_to_do';
  return settle(d, c as repo.ReportedConversion, 'review', GIN_MSG.cannotValidate(c.txHash));
}

/** Base units as Gin, without trailing zeros: 5000000000000000000 (18 decimals) → "5", 1500000000000000000 → "1.5". */
export const wholeGin = (base: bigint, decimals: number) => {
  const unit = 10n ** BigInt(decimals);
  const whole = base / unit;
  const rest = base % unit;
  return rest === 0n ? whole.toString() : `${whole}.${rest.toString().padStart(decimals, '0').replace(/0+$/, '')}`;
};

/**
 * A transfer of Gin from the payer to the burn address: in ONE transaction the conversion row
 * is locked, the transfer claimed (chain, tx hash, log index — across conversions and order
 * payments), the conversion decided and, when exact, the DNC credited (unique per conversion
 * in the ledger). Two looks at once serialize on the row; two conversions naming one transfer
 * serialize on its key, and the second finds it taken. Less than quoted: recorded and failed;
 * more: recorded and sent to review, nothing credited until an operator decides.
 */
async function claimAndDecide(
  d: GinVerificationDeps,
  c: repo.ReportedConversion,
  candidates: TokenTransfer[],
  kind: 'exact' | 'short' | 'overpaid',
): Promise<GinOutcome> {
  const outcome = await d.db.transaction(async (tx): Promise<GinOutcome> => {
    if (!(await repo.lockVerifying(tx, c.id, c.txHash))) return 'nothing_to_do';
    const decide = async (status: 'credited' | 'failed' | 'review', failure: string | null) => {
      if (!(await repo.decide(tx, c.id, c.txHash, status, failure))) throw new Error(`gin conversion ${c.tid} was decided meanwhile`);
    };
    let used: TokenTransfer | undefined;
    for (const t of candidates) {
      if (await claimTransfer(tx, { chainId: c.chainId, txHash: c.txHash, claimant: { ginConversionId: c.id }, transfer: t })) {
        used = t;
        break;
      }
    }
    if (!used) {
      await decide('failed', GIN_MSG.cannotValidate(c.txHash, GIN_MSG.why.already_used));
      return 'failed';
    }
    const sent = wholeGin(used.value, c.tokenDecimals);
    const due = wholeGin(c.amountBase, c.tokenDecimals);
    if (kind === 'short') {
      await decide('failed', GIN_MSG.cannotValidate(c.txHash, GIN_MSG.why.short(sent, due)));
      return 'failed';
    }
    if (kind === 'overpaid') {
      await decide('review', GIN_MSG.cannotValidate(c.txHash, GIN_MSG.why.overpaid(sent, due)));
      return 'review';
    }
    await decide('credited', null);
    await creditDnc(tx, { userId: c.userId, amount: c.dnc, reason: `gin:${c.tid}`, ginConversionId: c.id });
    return 'credited';
  });
  if (outcome !== 'nothing_to_do') d.log.info({ conversion: c.tid, tx: c.txHash, outcome }, 'gin conversion decided');
  return outcome;
}
