import type { Db } from '../../db/client.ts';
import { creditDnc } from '../assets/index.ts';
import * as repo from './gin-conversions.repo.ts';
import { GIN_MSG } from './gin-messages.ts';
import { wholeGin } from './gin-verification.ts';
import { hexChainId } from './gin-view.ts';

/**
 * The operator's side of conversions the chain could not decide alone (decision 0071): more
 * Gin burnt than quoted, or a transfer not confirmed or not readable by the deadline. The
 * operator checks the transaction, then credits the quoted DNC or fails the conversion.
 */

export type GinForReview = {
  id: number;
  tid: string;
  player: string;
  network: string;
  txHash: string | null;
  totalGin: number;
  dnc: number;
  /** Gin the claimed transfer burnt, in whole Gin; null when no transfer was claimed (unconfirmed, unreadable) */
  burntGin: string | null;
  /** the sentence the player reads */
  reason: string | null;
  /** when it went to review */
  since: Date;
};

/** A conversion as the operator names it: the id the list prints, or the player's tid. */
export type GinConversionRef = { id: number } | { tid: string };

export type GinReviewDecision = { outcome: 'credit' | 'fail'; note: string };

export type GinReviewResult =
  | { resolved: true; id: number; tid: string; status: 'credited' | 'failed'; dnc: number; totalGin: number; failure: string | null }
  /** not in review: its status now (null: no such conversion), and an earlier operator's note if any */
  | { resolved: false; status: string | null; reviewNote: string | null };

export async function ginConversionsForReview(db: Db, limit: number): Promise<{ conversions: GinForReview[]; total: number }> {
  const { rows, total } = await repo.listInReview(db, limit);
  const conversions = rows.map(({ conversion: c, player, burntBase }) => ({
    id: c.id,
    tid: c.tid,
    player,
    network: hexChainId(c.chainId),
    txHash: c.txHash,
    totalGin: c.totalGin,
    dnc: c.dnc,
    burntGin: burntBase === null ? null : wholeGin(burntBase, c.tokenDecimals),
    reason: c.failure,
    since: c.updatedAt,
  }));
  return { conversions, total };
}

const find = (db: Db, ref: GinConversionRef) => ('id' in ref ? repo.findById(db, ref.id) : repo.findByTid(db, ref.tid));

/**
 * Decides a conversion in review, once. Credit: the quoted DNC (never what was burnt beyond
 * it), through the same ledger entry as the automatic credit (unique per conversion), and
 * `credited_at` dates the player's history entry. Fail: the note becomes the reason the player
 * reads, nothing is credited. The decision and the credit are one transaction.
 */
export async function resolveGinReview(db: Db, ref: GinConversionRef, d: GinReviewDecision): Promise<GinReviewResult> {
  const found = await find(db, ref);
  if (!found) return { resolved: false, status: null, reviewNote: null };
  if (found.status !== 'review') return { resolved: false, status: found.status, reviewNote: found.reviewNote };
  // Only a reported transaction reaches review (gin-verification.ts decides `verifying` rows).
  if (found.txHash === null) throw new Error(`gin conversion ${found.id} is in review without a transaction`);
  const failure = d.outcome === 'fail' ? GIN_MSG.reviewFailed(found.txHash, d.note) : null;
  const decided = await db.transaction(async (tx) => {
    const status = d.outcome === 'credit' ? 'credited' : 'failed';
    const row = await repo.resolveInReview(tx, found.id, { status, failure, note: d.note });
    if (row && status === 'credited')
      await creditDnc(tx, { userId: row.userId, amount: row.dnc, reason: `gin:${row.tid}`, ginConversionId: row.id });
    return row;
  });
  if (!decided) {
    // Another operator decided it between the look and the UPDATE: say what they decided.
    const now = await repo.findById(db, found.id);
    return { resolved: false, status: now?.status ?? null, reviewNote: now?.reviewNote ?? null };
  }
  return {
    resolved: true,
    id: decided.id,
    tid: decided.tid,
    status: decided.status as 'credited' | 'failed',
    dnc: decided.dnc,
    totalGin: decided.totalGin,
    failure: decided.failure,
  };
}
