import { cellAt, cellById } from '@starport/schemas';
import { json, type Call } from './fetch-mock.ts';

/** API answers of the land calls (docs/api-land.md), for the land page tests. */

/** Real cells of the grid, so areas are the grid's own: a row of Paris and one cell in Rome. */
export const PARIS = [0, 1, 2, 3, 4, 5, 6].map((i) => 5059543619 + i);
export const ROME = 4805663641;

export function plot(
  cellId: number,
  over: { country?: string | null; price?: number; collection?: number | null } = {},
) {
  const cell = cellById(cellId) ?? cellAt(0, 0);
  return {
    _id: String(cellId),
    cell_id: cellId,
    location: { bbox: cell.bbox },
    center: { coordinates: [cell.center.lng, cell.center.lat] },
    areas: [{ country: over.country === undefined ? 'FR' : over.country }],
    price: over.price ?? 25,
    collection_id: over.collection ?? null,
    created_at: '2026-11-25T10:00:00.000Z',
  };
}

export function collection(id: number, name: string, total: number, state = 0) {
  return {
    _id: id,
    name,
    total,
    state,
    allow_mint: state === 0 && total > 0,
    txid: null,
    uriid: String(id),
    created_at: '2026-11-25T10:00:00.000Z',
  };
}

export const plotsAnswer = (data: unknown[]) => ({ error: false, data, total: data.length });
export const collectionsAnswer = (data: unknown[]) => ({ error: false, data });
export const collectionPlotsAnswer = (data: unknown[]) => ({ error: false, data, count: data.length });
export const changed = (msg: string, collectionId: number | null = null) =>
  json(200, { error: false, msg, collection_id: collectionId });

/** The path and query of a recorded call, e.g. "/api/collections/items?except=2". */
export const routeOf = (call: Call): string => {
  const url = new URL(call.url, 'http://localhost');
  return `${url.pathname}${url.search}`;
};
