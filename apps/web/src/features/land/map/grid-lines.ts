import { cellsInBbox, type Bbox, type GridCell } from '@starport/schemas';
import type { Feature, FeatureCollection, MultiLineString, Polygon } from 'geojson';

/**
 * The most cells the grid is drawn for at once: a full-HD screen at zoom 11 shows about 15,000
 * at the equator. Past this (a very large screen) the grid waits for the player to zoom in.
 */
export const MAX_GRID_CELLS = 40_000;

export const EMPTY_COLLECTION: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * The grid lines of a box, one MultiLineString per row (a few hundred features rather than a
 * polygon per cell): the row's southern edge, each cell's western edge, the last cell's eastern
 * edge, and the northern edge of the top row. Rows do not line up (decision 0043), so each row's
 * columns are drawn from that row's own cells. Null when the box holds more than `max` cells.
 */
export function gridLines(box: Bbox, max = MAX_GRID_CELLS): FeatureCollection<MultiLineString> | null {
  const cells = cellsInBbox(box, max);
  if (cells === 'too-many') return null;
  const rows = new Map<number, GridCell[]>();
  for (const cell of cells) {
    const row = rows.get(cell.row);
    if (row) row.push(cell);
    else rows.set(cell.row, [cell]);
  }
  const features: Feature<MultiLineString>[] = [];
  const lastRow = Math.max(...rows.keys());
  for (const [row, rowCells] of rows) {
    const [west, south, , north] = rowCells[0]!.bbox;
    const east = rowCells[rowCells.length - 1]!.bbox[2];
    const lines: [number, number][][] = [[[west, south], [east, south]]];
    if (row === lastRow) lines.push([[west, north], [east, north]]);
    for (const cell of rowCells) lines.push([[cell.bbox[0], south], [cell.bbox[0], north]]);
    lines.push([[east, south], [east, north]]);
    features.push({ type: 'Feature', properties: { row }, geometry: { type: 'MultiLineString', coordinates: lines } });
  }
  return { type: 'FeatureCollection', features };
}

/** A cell as a closed polygon (for fills and outlines), with the properties given. */
export function cellPolygon(cell: GridCell, properties: Record<string, string | number | null> = {}): Feature<Polygon> {
  const [west, south, east, north] = cell.bbox;
  return {
    type: 'Feature',
    id: cell.id,
    properties: { id: cell.id, ...properties },
    geometry: {
      type: 'Polygon',
      coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]],
    },
  };
}

/** The box around some cells, for fitting the map to them; null for none. */
export function boundsOfCells(cells: readonly GridCell[]): Bbox | null {
  if (cells.length === 0) return null;
  return cells.reduce<Bbox>(
    ([w, s, e, n], { bbox }) => [Math.min(w, bbox[0]), Math.min(s, bbox[1]), Math.max(e, bbox[2]), Math.max(n, bbox[3])],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
}
