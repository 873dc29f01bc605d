import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { lockCollection, type LandCollection } from './land-plots.ts';

/**
 * The player's land collections (decision 0045): made, renamed, emptied and deleted, and plots
 * moved between them and "individual" (no collection). A minting or minted collection is frozen:
 * nothing moves in or out. Every change locks the collections it touches first (`FOR UPDATE`),
 * the same lock a mint request takes, so a move and a mint request never interleave. Totals are
 * counted from the plots, never stored.
 */

export type CollectionSummary = LandCollection & { total: number; createdAt: Date; mintTx: string | null };

export async function createCollection(tx: Tx, userId: string, name: string): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`INSERT INTO land_collections (user_id, name) VALUES (${userId}, ${name}) RETURNING id`,
  );
  return Number(row!.id);
}

export async function renameCollection(tx: Tx, userId: string, id: number, name: string): Promise<LandCollection | undefined> {
  const collection = await lockCollection(tx, userId, id);
  if (!collection) return undefined;
  await tx.execute(sql`UPDATE land_collections SET name = ${name} WHERE id = ${id}`);
  return { ...collection, name };
}

/** Deletes an empty collection of the player's; says why not otherwise. */
export async function deleteCollection(tx: Tx, userId: string, id: number): Promise<'deleted' | 'not-found' | 'not-empty' | 'frozen'> {
  const collection = await lockCollection(tx, userId, id);
  if (!collection) return 'not-found';
  if (collection.mintState !== 0) return 'frozen';
  const [held] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM land_plots WHERE collection_id = ${id}) AS any`);
  if (held?.any) return 'not-empty';
  await tx.execute(sql`DELETE FROM land_collections WHERE id = ${id}`);
  return 'deleted';
}

export type MoveOutcome =
  | { ok: true; moved: number }
  | { ok: false; reason: 'no-collection' }
  | { ok: false; reason: 'not-yours'; cells: number[] }
  | { ok: false; reason: 'not-in'; cells: number[] }
  | { ok: false; reason: 'frozen'; name: string };

/**
 * Moves the player's plots into a collection (`to` its id) or out of every collection (`to`
 * null). The plots' current collections and the target are locked in id order (no deadlock
 * between two moves), and any of them minting or minted refuses the whole move. With `from`,
 * every plot must be in that collection now (read under the same lock).
 */
export async function movePlots(tx: Tx, userId: string, cells: number[], to: number | null, from?: number): Promise<MoveOutcome> {
  const owned = await queryRows<{ cell_id: string | number; collection_id: string | number | null }>(
    tx,
    sql`SELECT cell_id, collection_id FROM land_plots
        WHERE user_id = ${userId} AND cell_id IN (${sql.join(cells.map((c) => sql`${c}`), sql`, `)}) FOR UPDATE`,
  );
  const mine = new Set(owned.map((r) => Number(r.cell_id)));
  const missing = cells.filter((c) => !mine.has(c));
  if (missing.length > 0) return { ok: false, reason: 'not-yours', cells: missing };
  const elsewhere = from === undefined ? [] : owned.filter((r) => r.collection_id === null || Number(r.collection_id) !== from).map((r) => Number(r.cell_id));
  if (elsewhere.length > 0) return { ok: false, reason: 'not-in', cells: elsewhere };

  const touched = new Set(owned.flatMap((r) => (r.collection_id === null ? [] : [Number(r.collection_id)])));
  if (to !== null) touched.add(to);
  for (const id of [...touched].sort((a, b) => a - b)) {
    const collection = await lockCollection(tx, userId, id);
    if (!collection) return { ok: false, reason: 'no-collection' };
    if (collection.mintState !== 0) return { ok: false, reason: 'frozen', name: collection.name };
  }
  await tx.execute(
    sql`UPDATE land_plots SET collection_id = ${to} WHERE user_id = ${userId} AND cell_id IN (${sql.join(cells.map((c) => sql`${c}`), sql`, `)})`,
  );
  return { ok: true, moved: cells.length };
}

type SummaryRow = { id: string | number; name: string; mint_state: number; mint_tx: string | null; total: string | number; created_at: Date | string };
const toSummary = (r: SummaryRow): CollectionSummary => ({
  id: Number(r.id),
  name: r.name,
  mintState: Number(r.mint_state),
  total: Number(r.total),
  createdAt: new Date(r.created_at),
  mintTx: r.mint_tx,
});
const SUMMARY = sql`SELECT c.id, c.name, c.mint_state, c.mint_tx, c.created_at,
                           (SELECT count(*) FROM land_plots p WHERE p.collection_id = c.id) AS total
                    FROM land_collections c`;

/** The player's collections, newest first; `except` leaves one out, `openOnly` keeps those not minting or minted. */
export async function collectionsOf(db: DbOrTx, userId: string, o: { except?: number; openOnly?: boolean } = {}): Promise<CollectionSummary[]> {
  const except = o.except === undefined ? sql`` : sql`AND c.id <> ${o.except}`;
  const open = o.openOnly ? sql`AND c.mint_state = 0` : sql``;
  const rows = await queryRows<SummaryRow>(db, sql`${SUMMARY} WHERE c.user_id = ${userId} ${except} ${open} ORDER BY c.created_at DESC, c.id DESC`);
  return rows.map(toSummary);
}

/** One collection with its total: the player's own (`userId`), or anyone's when null (the read-only detail). */
export async function collectionById(db: DbOrTx, id: number, userId: string | null): Promise<(CollectionSummary & { owner: string }) | undefined> {
  const mine = userId === null ? sql`` : sql`AND c.user_id = ${userId}`;
  const [row] = await queryRows<SummaryRow & { owner: string }>(
    db,
    sql`SELECT c.id, c.name, c.mint_state, c.mint_tx, c.created_at, u.username AS owner,
               (SELECT count(*) FROM land_plots p WHERE p.collection_id = c.id) AS total
        FROM land_collections c JOIN users u ON u.id = c.user_id WHERE c.id = ${id} ${mine}`,
  );
  return row && { ...toSummary(row), owner: row.owner };
}

/**
 * Freezes a collection for its mint (0 → 1), under the same lock every change takes: once this
 * commits, nothing moves in or out. Refused when it is not the player's, not open, or empty.
 */
export async function beginCollectionMint(tx: Tx, userId: string, id: number): Promise<'minting' | 'not-found' | 'not-open' | 'empty'> {
  const collection = await lockCollection(tx, userId, id);
  if (!collection) return 'not-found';
  if (collection.mintState !== 0) return 'not-open';
  const [held] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM land_plots WHERE collection_id = ${id}) AS any`);
  if (!held?.any) return 'empty';
  await tx.execute(sql`UPDATE land_collections SET mint_state = 1 WHERE id = ${id}`);
  return 'minting';
}

/** A collection's mint as the minting module sees it: whose it is, its state, its plots. */
export type CollectionForMint = { id: number; userId: string; mintState: number; total: number };

export async function collectionForMint(db: DbOrTx, id: number): Promise<CollectionForMint | undefined> {
  const [row] = await queryRows<{ id: string | number; user_id: string; mint_state: number; total: string | number }>(
    db,
    sql`SELECT c.id, c.user_id, c.mint_state, (SELECT count(*) FROM land_plots p WHERE p.collection_id = c.id) AS total
        FROM land_collections c WHERE c.id = ${id}`,
  );
  return row && { id: Number(row.id), userId: row.user_id, mintState: Number(row.mint_state), total: Number(row.total) };
}

/** The mint is on chain (1 → 2): the collection stays frozen for good and keeps its transaction. */
export async function finishCollectionMint(tx: Tx, id: number, txHash: string): Promise<void> {
  await tx.execute(sql`UPDATE land_collections SET mint_state = 2, mint_tx = ${txHash} WHERE id = ${id} AND mint_state = 1`);
}

/** The mint failed for good (1 → 0): the collection opens again, and may be minted again later. */
export async function abandonCollectionMint(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`UPDATE land_collections SET mint_state = 0 WHERE id = ${id} AND mint_state = 1`);
}
