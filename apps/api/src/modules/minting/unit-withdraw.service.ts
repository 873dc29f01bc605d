import { MINT_NEEDS_WALLET, MINT_QUEUED, MINTING_UNAVAILABLE, type UnitWithdrawal } from '@starport/schemas';
import { eq } from 'drizzle-orm';
import { chainById, type ChainsConfig } from '../../chain/chain-config.ts';
import { explorerTxUrl } from '../../chain/clients.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { beginPieceWithdrawal, pieceWithdrawalsOf, type PieceWithdrawal } from '../assets/index.ts';
import { queueMint, type MintingDeps } from './land-mint.service.ts';
import { mintsOfAssets, openMint, type MintAttempt } from './mint-attempts.repo.ts';
import { MINT_KINDS } from './mint-kinds.ts';
import { minterFor } from './minter.ts';

/**
 * Unit pieces to the wallet (decision 0051): the pieces leave the player's off-chain balance, a
 * house_units mint of (unit type, pieces) opens and its job is queued, all in one transaction —
 * a withdrawal exists exactly when its mint does. The job mints; its confirmation makes the
 * withdrawal final, its failure for good gives the pieces back (MINT_KINDS.house_units).
 */
export async function requestUnitWithdrawal(d: MintingDeps, userId: string, apartment: number, pieces: number) {
  const minter = minterFor(d.chains, MINT_KINDS.house_units.contract);
  if (!minter) throw new AppError('UNAVAILABLE', 503, MINTING_UNAVAILABLE);
  const { withdrawal, mint } = await d.db.transaction(async (tx) => {
    const [user] = await tx.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, userId));
    if (!user?.wallet) throw badRequest(MINT_NEEDS_WALLET);
    const taken = await beginPieceWithdrawal(tx, userId, apartment, pieces);
    if (!taken.ok) {
      throw new AppError(
        'CONFLICT',
        409,
        taken.owned === 0
          ? `You hold no pieces of Apart ${apartment} to withdraw.`
          : `You hold ${taken.owned} piece${taken.owned === 1 ? '' : 's'} of Apart ${apartment}: withdraw at most that many.`,
      );
    }
    const opened = await openMint(tx, {
      assetKind: 'house_units',
      assetId: taken.withdrawal.id,
      userId,
      chainId: minter.chain.id,
      contract: minter.contract,
      // One mint per withdrawal; the token id is the unit type, one token per piece.
      tokenId: BigInt(taken.withdrawal.unitType),
      amount: BigInt(taken.withdrawal.pieces),
      recipient: user.wallet,
    });
    // A withdrawal row is new in this transaction: no mint can hold its id yet.
    if (!opened) throw new Error(`house_units mint of withdrawal ${taken.withdrawal.id} already open`);
    await queueMint(tx, opened, opened.queueRound);
    return { withdrawal: taken.withdrawal, mint: opened };
  });
  d.wakeJobs();
  return { error: false as const, msg: MINT_QUEUED, withdrawal: withdrawalView(d.chains, withdrawal, mint) };
}

/** GET /api/units/withdrawals: the caller's withdrawals, newest first. */
export async function unitWithdrawalsOf(d: MintingDeps, userId: string) {
  const withdrawals = await pieceWithdrawalsOf(d.db, userId);
  const mints = await mintsOfAssets(d.db, 'house_units', withdrawals.map((w) => w.id));
  return { error: false as const, data: withdrawals.map((w) => withdrawalView(d.chains, w, mints.get(w.id))) };
}

/** GET /api/units/withdrawals/:id: one of the caller's withdrawals; another player's is not found. */
export async function unitWithdrawalOf(d: MintingDeps, userId: string, id: number) {
  const [withdrawal] = await pieceWithdrawalsOf(d.db, userId, { id });
  if (!withdrawal) throw notFound('That withdrawal is not one of yours.');
  const mints = await mintsOfAssets(d.db, 'house_units', [id]);
  return { error: false as const, withdrawal: withdrawalView(d.chains, withdrawal, mints.get(id)) };
}

function withdrawalView(chains: ChainsConfig, w: PieceWithdrawal, mint: MintAttempt | undefined): UnitWithdrawal {
  // The transaction once recorded (it may still be on its way); the minted one once final.
  const txid = w.txHash ?? mint?.txHash ?? null;
  return {
    id: w.id,
    apartment: w.apartment,
    unit_type: w.unitType,
    pieces: w.pieces,
    status: w.status,
    txid,
    tx_url: explorerTxUrl(chainById(chains, mint?.chainId ?? chains.nftChainId), txid),
    failure: w.status === 'returned' ? (mint?.failure ?? null) : null,
    created_at: w.createdAt.toISOString(),
  };
}
