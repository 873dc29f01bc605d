import { MAX_MAP_BOX_DEGREES, type Bbox } from '@starport/schemas';

/** The map's numbers from the spec (owned-assets.md §9). */
export const INITIAL_ZOOM = 1.5;
/** The 0.4 km grid and the plots are drawn from this zoom; below it a cell is under 10 px. */
export const GRID_MIN_ZOOM = 11;
/** The grid is shown "at zoom 11 to under 19": the map does not zoom further in. */
export const MAX_ZOOM = 18.99;
export const FLY_TO_ZOOM = 13;
export const GEOLOCATION_TIMEOUT_MS = 10_000;

/** Web Mercator ends here; the map never shows farther north or south. */
const MAX_LATITUDE = 85;
/**
 * Boxes asked of GET /api/land/cells are widened to this step, so that small pans ask for the
 * same box and hit react-query's cache instead of the server.
 */
const SNAP_DEGREES = 0.25;

/**
 * The visible bounds as a box inside one world. maplibre reports longitudes past ±180 after the
 * player pans across the antimeridian (world copies); the box is moved into the world of its
 * centre and cut at ±180, which drops the far side of a view that straddles the antimeridian.
 */
export function viewBox([west, south, east, north]: Bbox): Bbox {
  const centre = (west + east) / 2;
  const shift = centre >= -180 && centre <= 180 ? 0 : Math.floor((centre + 180) / 360) * 360;
  return [
    Math.max(-180, west - shift),
    Math.max(-MAX_LATITUDE, south),
    Math.min(180, east - shift),
    Math.min(MAX_LATITUDE, north),
  ];
}

const down = (value: number) => Math.floor(value / SNAP_DEGREES) * SNAP_DEGREES;
const up = (value: number) => Math.ceil(value / SNAP_DEGREES) * SNAP_DEGREES;
const fits = ([west, south, east, north]: Bbox) => east - west <= MAX_MAP_BOX_DEGREES && north - south <= MAX_MAP_BOX_DEGREES;

/**
 * The box to ask the server for the plots of a view: the view widened to the snap step (cut at
 * the Earth's edges), or the view itself when widening would pass the server's 2° limit. Null
 * when even the view is larger than the server answers (the map is zoomed out too far).
 */
export function cellsQueryBox(view: Bbox): Bbox | null {
  const [west, south, east, north] = viewBox(view);
  if (west >= east || south >= north) return null;
  const snapped: Bbox = [Math.max(-180, down(west)), Math.max(-90, down(south)), Math.min(180, up(east)), Math.min(90, up(north))];
  if (fits(snapped)) return snapped;
  return fits([west, south, east, north]) ? [west, south, east, north] : null;
}

/** The `bbox` query text of a box, also its cache key: six decimals are finer than a cell. */
export const bboxParam = (box: Bbox): string => box.map((n) => Number(n.toFixed(6))).join(',');
