import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';

/**
 * Land plots and collections (land_plots, land_collections; decision 0044). A plot is a cell of
 * the land grid; the cell id is the key, so a cell is owned by one player at most and a
 * purchase that races another for the same cell gets it or learns it is taken.
 */

export type PlotGrant = { cellId: number; country: string | null; valuation: number; creditPaid: number };
export type OwnedPlot = PlotGrant & { userId: string; owner: string; collectionId: number | null; boughtAt: Date };
export type LandCollection = { id: number; name: string; mintState: number };

/**
 * Gives the player the cells, in the caller's transaction. `taken` lists the cells somebody
 * owned already (nothing of theirs changes); the caller rolls back when it is not empty.
 */
export async function grantPlots(
  tx: Tx,
  g: { userId: string; collectionId: number | null; plots: PlotGrant[] },
): Promise<{ granted: number[]; taken: number[] }> {
  const values = g.plots.map(
    (p) => sql`(${p.cellId}::bigint, ${g.userId}::uuid, ${g.collectionId}::bigint, ${p.country}, ${p.valuation}::int, ${p.creditPaid}::int)`,
  );
  const inserted = await queryRows<{ cell_id: string | number }>(
    tx,
    sql`INSERT INTO land_plots (cell_id, user_id, collection_id, country, valuation, credit_paid)
        VALUES ${sql.join(values, sql`, `)} ON CONFLICT (cell_id) DO NOTHING RETURNING cell_id`,
  );
  const granted = new Set(inserted.map((r) => Number(r.cell_id)));
  return { granted: [...granted], taken: g.plots.map((p) => p.cellId).filter((id) => !granted.has(id)) };
}

type PlotRow = {
  cell_id: string | number;
  user_id: string;
  owner: string | null;
  collection_id: string | number | null;
  country: string | null;
  valuation: number;
  credit_paid: number;
  bought_at: Date | string;
};

const toPlot = (r: PlotRow): OwnedPlot => ({
  cellId: Number(r.cell_id),
  userId: r.user_id,
  owner: r.owner ?? '',
  collectionId: r.collection_id === null ? null : Number(r.collection_id),
  country: r.country,
  valuation: Number(r.valuation),
  creditPaid: Number(r.credit_paid),
  boughtAt: new Date(r.bought_at),
});

const PLOT_COLUMNS = sql`p.cell_id, p.user_id::text AS user_id, u.username AS owner, p.collection_id, p.country, p.valuation, p.credit_paid, p.bought_at`;

/** The owned cells among the id ranges (one range per grid row on screen), at most `limit`. */
export async function plotsInRanges(db: DbOrTx, ranges: { from: number; to: number }[], limit: number): Promise<OwnedPlot[]> {
  if (ranges.length === 0) return [];
  const where = sql.join(
    ranges.map((r) => sql`p.cell_id BETWEEN ${r.from} AND ${r.to}`),
    sql` OR `,
  );
  const rows = await queryRows<PlotRow>(
    db,
    sql`SELECT ${PLOT_COLUMNS} FROM land_plots p JOIN users u ON u.id = p.user_id WHERE ${where} ORDER BY p.cell_id LIMIT ${limit}`,
  );
  return rows.map(toPlot);
}

/** The player's plots, newest first: all, or only those in no collection. */
export async function plotsOf(
  db: DbOrTx,
  userId: string,
  o: { individualOnly: boolean; limit: number },
): Promise<{ plots: OwnedPlot[]; total: number }> {
  const only = o.individualOnly ? sql`AND p.collection_id IS NULL` : sql``;
  const rows = await queryRows<PlotRow>(
    db,
    sql`SELECT ${PLOT_COLUMNS} FROM land_plots p JOIN users u ON u.id = p.user_id
        WHERE p.user_id = ${userId} ${only} ORDER BY p.bought_at DESC, p.cell_id DESC LIMIT ${o.limit}`,
  );
  const [count] = await queryRows<{ n: string | number }>(db, sql`SELECT count(*) AS n FROM land_plots p WHERE p.user_id = ${userId} ${only}`);
  return { plots: rows.map(toPlot), total: Number(count?.n ?? 0) };
}

/**
 * The player's collection, locked until the caller's transaction ends so that a mint request
 * cannot freeze it half-way through a change; undefined when it is not theirs.
 */
export async function lockCollection(tx: Tx, userId: string, id: number): Promise<LandCollection | undefined> {
  const [row] = await queryRows<{ id: string | number; name: string; mint_state: number }>(
    tx,
    sql`SELECT id, name, mint_state FROM land_collections WHERE id = ${id} AND user_id = ${userId} FOR UPDATE`,
  );
  return row && { id: Number(row.id), name: row.name, mintState: Number(row.mint_state) };
}

/** The plots of one collection, by cell. */
export async function plotsOfCollection(db: DbOrTx, collectionId: number, limit: number): Promise<OwnedPlot[]> {
  const rows = await queryRows<PlotRow>(
    db,
    sql`SELECT ${PLOT_COLUMNS} FROM land_plots p JOIN users u ON u.id = p.user_id WHERE p.collection_id = ${collectionId} ORDER BY p.cell_id LIMIT ${limit}`,
  );
  return rows.map(toPlot);
}

/** Which of the player's collections holds the plot: its id, null when it is in none, undefined when the plot is not theirs. */
export async function collectionOfPlot(db: DbOrTx, userId: string, cellId: number): Promise<number | null | undefined> {
  const [row] = await queryRows<{ collection_id: string | number | null }>(
    db,
    sql`SELECT collection_id FROM land_plots WHERE cell_id = ${cellId} AND user_id = ${userId}`,
  );
  if (!row) return undefined;
  return row.collection_id === null ? null : Number(row.collection_id);
}
