import { cellAt, cellById, cellOf, type Bbox, type LandPlot, type OwnedCell } from '@starport/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { plotsInRanges, plotsOf, type OwnedPlot } from '../assets/index.ts';
import { readPlotPricing } from './land-prices.ts';

/** Owned cells answered for one box; a box of 2° at most holds far fewer owned cells than this in any real game. */
const MAX_OWNED_IN_VIEW = 5_000;
/** The player's plots answered at once by GET /api/lands/my_assets. */
export const MY_LANDS_LIMIT = 1_000;

/**
 * The cells of a box as id ranges, one per grid row: a row's ids are contiguous, so the owned
 * cells are found with one index range each, without listing every free cell.
 */
function rangesOf([west, south, east, north]: Bbox): { from: number; to: number }[] {
  const ranges = [];
  // The column of 180° E is the last one of its row, not the first (cellOf wraps it).
  const eastInside = Math.min(east, 180 - 1e-9);
  for (let row = cellOf({ lng: west, lat: south }).row; row <= cellOf({ lng: west, lat: north }).row; row++) {
    const lat = cellAt(row, 0).center.lat;
    ranges.push({ from: cellOf({ lng: west, lat }).id, to: cellOf({ lng: eastInside, lat }).id });
  }
  return ranges;
}

const layerOf = (plot: OwnedPlot, viewer: string | null): OwnedCell['layer'] =>
  plot.userId !== viewer ? 'others' : plot.collectionId === null ? 'mine' : 'my_collection';

/** GET /api/land/cells: who owns what in the box, coloured for the viewer, and what a free plot costs. */
export async function landCells(db: DbOrTx, viewer: string | null, box: Bbox) {
  const [plots, pricing] = await Promise.all([plotsInRanges(db, rangesOf(box), MAX_OWNED_IN_VIEW), readPlotPricing(db)]);
  return {
    error: false as const,
    data: plots.map((p) => ({
      id: p.cellId,
      layer: layerOf(p, viewer),
      owner: p.owner,
      // Another player's grouping is theirs to know.
      collection_id: p.userId === viewer ? p.collectionId : null,
      country: p.country,
      valuation: p.valuation,
    })),
    plot_price: pricing.price,
    plot_valuation: pricing.valuation,
  };
}

/** A plot in the spec's shape (owned-assets.md §3). */
export function plotView(p: OwnedPlot): LandPlot {
  const cell = cellById(p.cellId)!;
  return {
    _id: String(p.cellId),
    cell_id: p.cellId,
    location: { bbox: cell.bbox },
    center: { coordinates: [cell.center.lng, cell.center.lat] },
    areas: [{ country: p.country }],
    price: p.valuation,
    collection_id: p.collectionId,
    created_at: p.boughtAt.toISOString(),
  };
}

/** GET /api/lands/my_assets: the player's plots, newest first; `individual` leaves out those in collections. */
export async function myLands(db: DbOrTx, userId: string, type: 'individual' | 'all') {
  const { plots, total } = await plotsOf(db, userId, { individualOnly: type === 'individual', limit: MY_LANDS_LIMIT });
  return { error: false as const, data: plots.map(plotView), total };
}
