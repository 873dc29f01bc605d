import { cellById, cellOf, type Bbox, type GridCell, type PlotRequest } from '@starport/schemas';
import { badRequest } from '../../lib/app-error.ts';

/**
 * The cells a purchase names. A plot is named by its cell id or, in the spec's shape, by a box;
 * a box is mapped to the server's own cell at its centre and must match that cell's edges
 * (within a millionth of a degree), so a client cannot stretch a plot over its neighbours.
 */
const EDGE_TOLERANCE = 1e-6;

function cellOfRequest(item: PlotRequest, index: number): GridCell {
  const where = `Plot ${index + 1}`;
  if (item.id !== undefined) {
    const cell = cellById(item.id);
    if (!cell) throw badRequest(`${where} is not a cell of the land grid.`);
    return cell;
  }
  const box = (item.bbox ?? item.location?.bbox) as Bbox | undefined;
  if (!box) throw badRequest(`${where} has neither a cell id nor a bbox.`);
  const [west, south, east, north] = box;
  if (!box.every(Number.isFinite) || west >= east || south >= north || Math.abs(south) > 90 || Math.abs(north) > 90) {
    throw badRequest(`${where} has a bbox that is not west,south,east,north in degrees.`);
  }
  const cell = cellOf({ lng: (west + east) / 2, lat: (south + north) / 2 });
  if (!cell.bbox.every((edge, i) => Math.abs(edge - box[i]!) <= EDGE_TOLERANCE)) {
    throw badRequest(`${where} is not one cell of the land grid: its bbox must be a cell’s own.`);
  }
  return cell;
}

/** Each named cell once; the same cell named twice is a 400 rather than a silent merge. */
export function cellsOfPurchase(items: PlotRequest[]): GridCell[] {
  const cells = items.map(cellOfRequest);
  const seen = new Set<number>();
  for (const cell of cells) {
    if (seen.has(cell.id)) throw badRequest(`The plot ${cell.id} is in the list twice.`);
    seen.add(cell.id);
  }
  return cells;
}
