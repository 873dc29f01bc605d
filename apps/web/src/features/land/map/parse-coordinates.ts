import type { LngLat } from '@starport/schemas';

export type ParsedCoordinates = { ok: true; point: LngLat } | { ok: false; error: string };

const FORMAT = 'Enter latitude and longitude in degrees, separated by a comma, e.g. 48.8584, 2.2945.';

/**
 * "Latitude, longitude" as typed by a player: two decimal numbers, separated by a comma (or by
 * spaces), latitude first as maps and phones show it. Each error says which part is wrong.
 */
export function parseCoordinates(text: string): ParsedCoordinates {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: FORMAT };
  const parts = trimmed.split(/\s*,\s*|\s+/);
  const numeric = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
  if (parts.length !== 2 || !parts.every((part) => numeric.test(part))) return { ok: false, error: FORMAT };
  const [lat, lng] = parts.map(Number) as [number, number];
  if (Math.abs(lat) > 90) return { ok: false, error: 'Latitude must be between -90 and 90.' };
  if (Math.abs(lng) > 180) return { ok: false, error: 'Longitude must be between -180 and 180.' };
  return { ok: true, point: { lat, lng } };
}
