import { cellOf, NO_COLLECTION_SELECTED, type LandCollectionView } from '@starport/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import {
  collectionById,
  collectionOfPlot,
  collectionsOf,
  createCollection,
  deleteCollection,
  movePlots,
  plotsOfCollection,
  renameCollection,
  type CollectionSummary,
  type MoveOutcome,
} from '../assets/index.ts';
import { plotView } from './land-views.ts';

/** What the player does with their land collections (decision 0045); the writes are assets'. */

const conflict = (msg: string) => new AppError('CONFLICT', 409, msg);
const NOT_YOURS = 'That collection is not one of yours.';
/** Plots a collection's list answers at once. */
const COLLECTION_PLOTS_LIMIT = 1_000;

export function collectionView(c: CollectionSummary): LandCollectionView {
  return {
    _id: c.id,
    name: c.name,
    total: c.total,
    state: c.mintState,
    allow_mint: c.mintState === 0 && c.total > 0,
    txid: c.mintTx,
    uriid: String(c.id),
    created_at: c.createdAt.toISOString(),
  };
}

function refuseMove(outcome: Exclude<MoveOutcome, { ok: true }>): never {
  if (outcome.reason === 'not-yours') throw notFound(`These plots are not yours: ${outcome.cells.join(', ')}.`);
  if (outcome.reason === 'not-in') throw notFound(`These plots are not in that collection: ${outcome.cells.join(', ')}.`);
  if (outcome.reason === 'no-collection') throw notFound(NOT_YOURS);
  throw conflict(`The collection ${outcome.name} is minting or minted: its land cannot change.`);
}

const moved = (n: number, where: string) => `${n} plot${n === 1 ? '' : 's'} moved ${where}.`;

export async function myCollections(db: DbOrTx, userId: string) {
  return { error: false as const, data: (await collectionsOf(db, userId)).map(collectionView) };
}

/** The move targets: open collections, leaving out `except` (the one the plots are in). */
export async function moveTargets(db: DbOrTx, userId: string, except?: number) {
  return { error: false as const, items: (await collectionsOf(db, userId, { except, openOnly: true })).map(collectionView) };
}

export async function collectionLands(db: DbOrTx, userId: string, id: number) {
  const collection = await collectionById(db, id, userId);
  if (!collection) throw notFound(NOT_YOURS);
  const plots = await plotsOfCollection(db, id, COLLECTION_PLOTS_LIMIT);
  return { error: false as const, data: plots.map(plotView), count: collection.total };
}

/** The read-only detail anyone may open: "Land in the collection: {name}". */
export async function collectionDetail(db: DbOrTx, id: number) {
  const collection = await collectionById(db, id, null);
  if (!collection) throw notFound('There is no such collection.');
  const plots = await plotsOfCollection(db, id, COLLECTION_PLOTS_LIMIT);
  return {
    error: false as const,
    data: plots.map(plotView),
    info: { name: collection.name, owner: collection.owner, total: collection.total, state: collection.mintState },
  };
}

export async function collectionHoldingPlot(db: DbOrTx, userId: string, item: { cell_id?: number; bbox?: number[] }) {
  let cellId = item.cell_id;
  if (cellId === undefined) {
    const [west, south, east, north] = item.bbox!;
    if (![west, south, east, north].every(Number.isFinite) || Math.abs(south!) > 90 || Math.abs(north!) > 90) throw badRequest('item.bbox is not a box on the Earth.');
    cellId = cellOf({ lng: (west! + east!) / 2, lat: (south! + north!) / 2 }).id;
  }
  const collectionId = await collectionOfPlot(db, userId, cellId);
  if (collectionId === undefined) throw notFound('That plot is not yours.');
  return { error: false as const, collection_id: collectionId };
}

export async function setCollectionName(db: Db, userId: string, id: number, name: string) {
  const renamed = await db.transaction((tx) => renameCollection(tx, userId, id, name));
  if (!renamed) throw notFound(NOT_YOURS);
  return { error: false as const, msg: `The collection is now called ${name}.`, collection_id: id };
}

export async function removeCollection(db: Db, userId: string, id: number) {
  const outcome = await db.transaction((tx) => deleteCollection(tx, userId, id));
  if (outcome === 'not-found') throw notFound(NOT_YOURS);
  if (outcome === 'frozen') throw conflict('A minting or minted collection cannot be deleted.');
  if (outcome === 'not-empty') throw conflict('Only an empty collection can be deleted: move its plots out first.');
  return { error: false as const, msg: 'The collection was deleted.', collection_id: id };
}

/** A new collection, with the given plots moved into it; all or nothing. */
export async function createAndMove(db: Db, userId: string, name: string, lands: number[]) {
  return db.transaction(async (tx) => {
    const id = await createCollection(tx, userId, name);
    if (lands.length > 0) {
      const outcome = await movePlots(tx, userId, unique(lands), id);
      if (!outcome.ok) refuseMove(outcome);
    }
    return { error: false as const, msg: `The collection ${name} was made${lands.length > 0 ? ` with ${unique(lands).length} plot${unique(lands).length === 1 ? '' : 's'}` : ''}.`, collection_id: id };
  });
}

/** Plots into a collection (`to` its id) or out of every collection (`to` null). */
export async function moveLands(db: Db, userId: string, lands: number[], to: number | null) {
  const cells = unique(lands);
  const outcome = await db.transaction((tx) => movePlots(tx, userId, cells, to));
  if (!outcome.ok) refuseMove(outcome);
  return { error: false as const, msg: moved(outcome.moved, to === null ? 'out of their collections' : 'into the collection'), collection_id: to };
}

/** POST /api/collections/move_land: `type` collection needs a destination. */
export function moveDestination(type: 'individual' | 'collection', collectionId: number | null | undefined): number | null {
  if (type === 'individual') return null;
  if (!collectionId) throw badRequest(NO_COLLECTION_SELECTED);
  return collectionId;
}

/** POST /api/collections/remove_lands: the plots must be in that collection now. */
export async function removeLands(db: Db, userId: string, collectionId: number, items: number[]) {
  const outcome = await db.transaction((tx) => movePlots(tx, userId, unique(items), null, collectionId));
  if (!outcome.ok) refuseMove(outcome);
  return { error: false as const, msg: moved(outcome.moved, 'out of the collection'), collection_id: collectionId };
}

const unique = (cells: number[]) => [...new Set(cells)];
