import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import type { HousePieceWithdrawalStatus } from '../../db/schema/index.ts';
import { lockLedger } from './balance-lock.ts';
import { offChainHousePieces } from './house-pieces.ts';

/**
 * Unit pieces withdrawn to the player's wallet as HouseUnits tokens (decision 0051). A
 * withdrawal takes the pieces off the off-chain balance when it is opened (minting); the mint's
 * confirmation makes it final (minted), its failure for good gives them back (returned).
 */

export type PieceWithdrawal = {
  id: number;
  userId: string;
  apartment: number;
  unitType: number;
  pieces: number;
  status: HousePieceWithdrawalStatus;
  txHash: string | null;
  createdAt: Date;
};

export type WithdrawOutcome = { ok: true; withdrawal: PieceWithdrawal } | { ok: false; owned: number };

type Row = {
  id: string | number;
  user_id: string;
  apartment: number;
  unit_type: number;
  pieces: number;
  status: HousePieceWithdrawalStatus;
  tx_hash: string | null;
  created_at: Date | string;
};

const COLUMNS = sql`id, user_id, apartment, unit_type, pieces, status, tx_hash, created_at`;

const toWithdrawal = (r: Row): PieceWithdrawal => ({
  id: Number(r.id),
  userId: r.user_id,
  apartment: Number(r.apartment),
  unitType: Number(r.unit_type),
  pieces: Number(r.pieces),
  status: r.status,
  txHash: r.tx_hash,
  createdAt: new Date(r.created_at),
});

/**
 * Takes `pieces` pieces of an apartment off the player's off-chain balance, in the caller's
 * transaction. The player's pieces ledger is locked first and the balance read after the lock,
 * so of two withdrawals at once the second sees the first: neither can overdraw.
 */
export async function beginPieceWithdrawal(tx: Tx, userId: string, apartment: number, pieces: number): Promise<WithdrawOutcome> {
  if (!Number.isSafeInteger(pieces) || pieces <= 0) throw new RangeError(`pieces is a whole number above 0, not ${pieces}`);
  await lockLedger(tx, 'house_pieces', userId);
  const [held] = await queryRows<{ pieces: number | null; unit_type: number | null }>(
    tx,
    sql`SELECT (SELECT sum(pieces)::int FROM ${offChainHousePieces(userId)} held WHERE apartment = ${apartment}) AS pieces,
               (SELECT type FROM house_units WHERE apartment = ${apartment}) AS unit_type`,
  );
  const owned = Number(held?.pieces ?? 0);
  if (owned < pieces || held?.unit_type == null) return { ok: false, owned };
  const [row] = await queryRows<Row>(
    tx,
    sql`INSERT INTO house_piece_withdrawals (user_id, apartment, unit_type, pieces)
        VALUES (${userId}, ${apartment}, ${held.unit_type}, ${pieces}) RETURNING ${COLUMNS}`,
  );
  return { ok: true, withdrawal: toWithdrawal(row!) };
}

/** The pieces are on chain, minted by `txHash`: the withdrawal is final. */
export async function finishPieceWithdrawal(tx: Tx, id: number, txHash: string): Promise<void> {
  await tx.execute(
    sql`UPDATE house_piece_withdrawals SET status = 'minted', tx_hash = ${txHash}, updated_at = now() WHERE id = ${id} AND status = 'minting'`,
  );
}

/** The mint failed for good: nothing reached the chain, so the pieces count off chain again. */
export async function returnPieceWithdrawal(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`UPDATE house_piece_withdrawals SET status = 'returned', updated_at = now() WHERE id = ${id} AND status = 'minting'`);
}

/** The player's withdrawals (or the one with `id`, if it is theirs), newest first; a player makes a handful, capped anyway. */
export async function pieceWithdrawalsOf(db: DbOrTx, userId: string, o: { id?: number; limit?: number } = {}): Promise<PieceWithdrawal[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM house_piece_withdrawals
        WHERE user_id = ${userId} ${o.id === undefined ? sql`` : sql`AND id = ${o.id}`}
        ORDER BY id DESC LIMIT ${o.limit ?? 200}`,
  );
  return rows.map(toWithdrawal);
}
