import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import type { MintAssetKind, MintStatus } from '../../db/schema/index.ts';

/** SQL of the minting module's own tables (mint_attempts, minter_nonces, mint_reports). */

export type MintAttempt = {
  id: number;
  assetKind: MintAssetKind;
  assetId: number;
  userId: string;
  chainId: number;
  contract: `0x${string}`;
  tokenId: bigint;
  recipient: `0x${string}`;
  /** tokens of `tokenId` this mint makes (1 for an ERC-721) */
  amount: bigint;
  status: MintStatus;
  txHash: `0x${string}` | null;
  rawTx: `0x${string}` | null;
  queueRound: number;
  failure: string | null;
};

type Row = {
  id: string | number;
  asset_kind: MintAssetKind;
  asset_id: string | number;
  user_id: string;
  chain_id: number;
  contract: string;
  token_id: string;
  recipient: string;
  amount: string | number;
  status: MintStatus;
  tx_hash: string | null;
  raw_tx: string | null;
  queue_round: number;
  failure: string | null;
};

const COLUMNS = sql`id, asset_kind, asset_id, user_id, chain_id, contract, token_id, recipient, amount, status, tx_hash, raw_tx, queue_round, failure`;

const toAttempt = (r: Row): MintAttempt => ({
  id: Number(r.id),
  assetKind: r.asset_kind,
  assetId: Number(r.asset_id),
  userId: r.user_id,
  chainId: Number(r.chain_id),
  contract: r.contract as `0x${string}`,
  tokenId: BigInt(r.token_id),
  recipient: r.recipient as `0x${string}`,
  amount: BigInt(r.amount),
  status: r.status,
  txHash: r.tx_hash as `0x${string}` | null,
  rawTx: r.raw_tx as `0x${string}` | null,
  queueRound: Number(r.queue_round),
  failure: r.failure,
});

export type NewMint = {
  assetKind: MintAssetKind;
  assetId: number;
  userId: string;
  chainId: number;
  contract: string;
  tokenId: bigint;
  recipient: string;
  /** default 1 (an ERC-721 token) */
  amount?: bigint;
};

/**
 * Opens the asset's mint, or opens it again after a failure (a failed mint sent nothing that can
 * still land: decisions/0049). Returns undefined while a mint of the asset is open or done: the
 * unique key, not a check in code, keeps an asset to one mint.
 */
export async function openMint(tx: Tx, m: NewMint): Promise<MintAttempt | undefined> {
  const [row] = await queryRows<Row>(
    tx,
    sql`INSERT INTO mint_attempts (asset_kind, asset_id, user_id, chain_id, contract, token_id, recipient, amount)
        VALUES (${m.assetKind}, ${m.assetId}, ${m.userId}, ${m.chainId}, ${m.contract.toLowerCase()}, ${m.tokenId.toString()}, ${m.recipient.toLowerCase()},
                ${(m.amount ?? 1n).toString()})
        ON CONFLICT (asset_kind, asset_id) DO UPDATE
          SET user_id = EXCLUDED.user_id, chain_id = EXCLUDED.chain_id, contract = EXCLUDED.contract,
              token_id = EXCLUDED.token_id, recipient = EXCLUDED.recipient, amount = EXCLUDED.amount, status = 'queued',
              tx_hash = NULL, raw_tx = NULL, failure = NULL,
              queue_round = mint_attempts.queue_round + 1, updated_at = now()
          WHERE mint_attempts.status = 'failed'
        RETURNING ${COLUMNS}`,
  );
  return row && toAttempt(row);
}

export async function mintById(db: DbOrTx, id: number, lock = false): Promise<MintAttempt | undefined> {
  const [row] = await queryRows<Row>(db, sql`SELECT ${COLUMNS} FROM mint_attempts WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`);
  return row && toAttempt(row);
}

export async function mintOfAsset(db: DbOrTx, kind: MintAssetKind, assetId: number): Promise<MintAttempt | undefined> {
  const [row] = await queryRows<Row>(db, sql`SELECT ${COLUMNS} FROM mint_attempts WHERE asset_kind = ${kind} AND asset_id = ${assetId}`);
  return row && toAttempt(row);
}

/**
 * Records a signed transaction before it is broadcast, only if the mint still has the
 * transaction the caller saw (`seen`): of two workers that signed at once, one records.
 */
export async function recordSigned(tx: Tx, id: number, seen: string | null, signed: { txHash: string; rawTx: string; nonce: number }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE mint_attempts SET status = 'sent', tx_hash = ${signed.txHash}, raw_tx = ${signed.rawTx}, nonce = ${signed.nonce}, updated_at = now()
        WHERE id = ${id} AND status IN ('queued', 'sent') AND tx_hash IS NOT DISTINCT FROM ${seen}
        RETURNING id`,
  );
  return rows.length === 1;
}

export async function markConfirmed(tx: Tx, id: number, txHash: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE mint_attempts SET status = 'confirmed', tx_hash = ${txHash}, updated_at = now()
        WHERE id = ${id} AND status IN ('queued', 'sent') RETURNING id`,
  );
  return rows.length === 1;
}

/** A reason as text PostgreSQL keeps (no NUL, no control bytes from a node's raw revert data), cut to 500 characters. */
const storable = (text: string) =>
  Array.from(text, (ch) => (ch < ' ' || ch === '\u007f' ? ' ' : ch))
    .join('')
    .replace(/ {2,}/g, ' ')
    .slice(0, 500);

/**
 * Fails the mint only if it still has the transaction the caller judged (`seen`): a worker that
 * read the mint before another recorded and sent a transaction must not fail that one.
 */
export async function markFailed(tx: Tx, id: number, failure: string, seen: string | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE mint_attempts SET status = 'failed', failure = ${storable(failure)}, updated_at = now()
        WHERE id = ${id} AND status IN ('queued', 'sent') AND tx_hash IS NOT DISTINCT FROM ${seen} RETURNING id`,
  );
  return rows.length === 1;
}

/**
 * The next nonce of a minter, under its row's lock (held until the caller's transaction ends):
 * the chain's pending count, or past the highest nonce an open (`sent`) mint holds — recorded,
 * maybe not broadcast yet. A mint that failed holds none, so a transaction recorded but never
 * sent leaves no gap behind it.
 */
export async function takeNonce(tx: Tx, chainId: number, address: string, pendingCount: () => Promise<number>): Promise<number> {
  const key = address.toLowerCase();
  await tx.execute(
    sql`INSERT INTO minter_nonces (chain_id, address, next_nonce) VALUES (${chainId}, ${key}, 0) ON CONFLICT (chain_id, address) DO NOTHING`,
  );
  await tx.execute(sql`SELECT 1 FROM minter_nonces WHERE chain_id = ${chainId} AND address = ${key} FOR UPDATE`);
  const pending = await pendingCount();
  const [held] = await queryRows<{ top: string | number | null }>(
    tx,
    sql`SELECT max(nonce) AS top FROM mint_attempts WHERE chain_id = ${chainId} AND status = 'sent'`,
  );
  const nonce = Math.max(pending, held?.top === null || held?.top === undefined ? 0 : Number(held.top) + 1);
  await tx.execute(sql`UPDATE minter_nonces SET next_nonce = ${nonce + 1} WHERE chain_id = ${chainId} AND address = ${key}`);
  return nonce;
}

const STALLED = sql`m.status IN ('queued', 'sent')
  AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.dedupe_key = 'mint:' || m.asset_kind || ':' || m.asset_id::text || ':' || m.queue_round::text
                    AND j.done_at IS NULL AND j.failed_at IS NULL)`;

/** The ids of the caller's open mints whose job is no longer queued or running (gave up, or lost). */
export async function stalledMintsOf(db: DbOrTx, userId: string): Promise<number[]> {
  const rows = await queryRows<{ id: string | number }>(db, sql`SELECT m.id FROM mint_attempts m WHERE m.user_id = ${userId} AND ${STALLED}`);
  return rows.map((r) => Number(r.id));
}

/**
 * Moves a stalled mint to its next queue round (a new job key) under its row's lock, and
 * returns it; undefined when it is no longer stalled (a refresh at the same time queued it).
 */
export async function nextQueueRound(tx: Tx, id: number): Promise<MintAttempt | undefined> {
  await tx.execute(sql`SELECT id FROM mint_attempts WHERE id = ${id} FOR UPDATE`);
  const [row] = await queryRows<Row>(
    tx,
    sql`UPDATE mint_attempts m SET queue_round = queue_round + 1, updated_at = now() WHERE m.id = ${id} AND ${STALLED} RETURNING ${COLUMNS}`,
  );
  return row && toAttempt(row);
}

export type MintReport = { tokenId?: string; txHash?: string; from?: string; to?: string; status?: string };

export async function logMintReport(db: DbOrTx, userId: string, r: MintReport): Promise<void> {
  await db.execute(
    sql`INSERT INTO mint_reports (user_id, token_id, tx_hash, from_address, to_address, status)
        VALUES (${userId}, ${r.tokenId ?? null}, ${r.txHash ?? null}, ${r.from ?? null}, ${r.to ?? null}, ${r.status ?? null})`,
  );
}

/** The mints of these assets of one kind, by asset id. */
export async function mintsOfAssets(db: DbOrTx, kind: MintAssetKind, assetIds: number[]): Promise<Map<number, MintAttempt>> {
  if (assetIds.length === 0) return new Map();
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM mint_attempts WHERE asset_kind = ${kind} AND asset_id IN (${sql.join(assetIds.map((id) => sql`${id}`), sql`, `)})`,
  );
  return new Map(rows.map((r) => [Number(r.asset_id), toAttempt(r)]));
}
