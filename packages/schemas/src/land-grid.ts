/**
 * The one land grid (decision 0043): cells of 0.4 km × 0.4 km on latitude bands. The server
 * derives every plot from it and never trusts a client's box; the map draws the same cells.
 *
 * Rows are bands of equal latitude height (0.4 km of meridian). Each row is cut into as many
 * equal columns as fit 0.4 km along its middle parallel, so a cell is about 0.4 km wide at any
 * latitude instead of shrinking towards the poles as a plain degree grid would. A cell's id is
 * row × 2¹⁷ + column: one integer, well inside JavaScript's safe range and PostgreSQL's bigint.
 * Pure arithmetic, no dependency: the web app's map code and the API import the same function.
 */

/** Mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (2 * Math.PI * EARTH_RADIUS_KM) / 360;

export const CELL_KM = 0.4;
/** Bands from the south pole to the north pole. */
export const GRID_ROWS = Math.round((180 * KM_PER_DEGREE) / CELL_KM);
export const ROW_DEGREES = 180 / GRID_ROWS;
/** Columns are packed below this in a cell id; the widest row has fewer. */
const COLUMN_SPACE = 2 ** 17;

export type LngLat = { lng: number; lat: number };
/** West, south, east, north in degrees: the spec's four-number bbox. */
export type Bbox = [west: number, south: number, east: number, north: number];
export type GridCell = { id: number; row: number; col: number; bbox: Bbox; center: LngLat };

/** The southern edge of a row, in degrees. */
const rowSouth = (row: number) => -90 + row * ROW_DEGREES;

/** How many cells the row holds: 0.4 km each along its middle parallel, at least one. */
export function columnsInRow(row: number): number {
  const middle = ((rowSouth(row) + ROW_DEGREES / 2) * Math.PI) / 180;
  return Math.max(1, Math.round((360 * KM_PER_DEGREE * Math.cos(middle)) / CELL_KM));
}

export const isValidRow = (row: number) => Number.isInteger(row) && row >= 0 && row < GRID_ROWS;

/** The cell with this row and column (the column wraps around the antimeridian). */
export function cellAt(row: number, col: number): GridCell {
  const cols = columnsInRow(row);
  const c = ((col % cols) + cols) % cols;
  const width = 360 / cols;
  const west = -180 + c * width;
  const south = rowSouth(row);
  const north = row === GRID_ROWS - 1 ? 90 : rowSouth(row + 1);
  const east = c === cols - 1 ? 180 : -180 + (c + 1) * width;
  return {
    id: row * COLUMN_SPACE + c,
    row,
    col: c,
    bbox: [west, south, east, north],
    center: { lng: west + width / 2, lat: (south + north) / 2 },
  };
}

/** The cell holding a point; longitudes wrap, latitudes outside ±90 are not on the Earth. */
export function cellOf(point: LngLat): GridCell {
  if (!Number.isFinite(point.lng) || !Number.isFinite(point.lat) || Math.abs(point.lat) > 90) {
    throw new RangeError(`not a point on the Earth: ${point.lng}, ${point.lat}`);
  }
  const row = rowOf(point.lat);
  const cols = columnsInRow(row);
  const lng = point.lng >= -180 && point.lng < 180 ? point.lng : ((((point.lng + 180) % 360) + 360) % 360) - 180;
  let col = Math.min(cols - 1, Math.floor(((lng + 180) / 360) * cols));
  // Division and the edges' multiplication can round apart by one step at an edge: follow the edges.
  const width = 360 / cols;
  if (col > 0 && lng < -180 + col * width) col--;
  else if (col < cols - 1 && lng >= -180 + (col + 1) * width) col++;
  return cellAt(row, col);
}

/** The row whose band holds the latitude, judged by the same edges `cellAt` draws. */
function rowOf(lat: number): number {
  let row = Math.min(GRID_ROWS - 1, Math.floor((lat + 90) / ROW_DEGREES));
  if (row > 0 && lat < rowSouth(row)) row--;
  else if (row < GRID_ROWS - 1 && lat >= rowSouth(row + 1)) row++;
  return row;
}

/** The cell of an id; null when no cell has it. */
export function cellById(id: number): GridCell | null {
  if (!Number.isSafeInteger(id) || id < 0) return null;
  const row = Math.floor(id / COLUMN_SPACE);
  const col = id % COLUMN_SPACE;
  if (!isValidRow(row) || col >= columnsInRow(row)) return null;
  return cellAt(row, col);
}

/**
 * Every cell that touches the box, row by row, or `too-many` past `max` (a client asks for
 * what is on screen; the grid shows from zoom 11, a few hundred cells). The box must not cross
 * the antimeridian: split it in two first.
 */
export function cellsInBbox([west, south, east, north]: Bbox, max: number): GridCell[] | 'too-many' {
  const firstRow = rowOf(south);
  const lastRow = rowOf(north);
  const cells: GridCell[] = [];
  for (let row = firstRow; row <= lastRow; row++) {
    const from = cellOf({ lng: west, lat: rowSouth(row) + ROW_DEGREES / 2 }).col;
    const to = east >= 180 ? columnsInRow(row) - 1 : cellOf({ lng: east, lat: rowSouth(row) + ROW_DEGREES / 2 }).col;
    if (cells.length + (to - from + 1) > max) return 'too-many';
    for (let col = from; col <= to; col++) cells.push(cellAt(row, col));
  }
  return cells;
}

/** A cell's area in km² on the sphere: about 0.16 everywhere but the last rows at the poles. */
export function cellAreaKm2(cell: GridCell): number {
  const [west, south, east, north] = cell.bbox;
  const rad = Math.PI / 180;
  return EARTH_RADIUS_KM ** 2 * (east - west) * rad * (Math.sin(north * rad) - Math.sin(south * rad));
}
