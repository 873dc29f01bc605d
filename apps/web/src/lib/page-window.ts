/** Spec §9: the page count is the total divided by the page size, rounded up (at least 1). */
export function pageCount(total: number, limit: number): number {
  if (limit <= 0) return 1;
  return Math.max(1, Math.ceil(total / limit));
}

/**
 * The numbered pages around the current one: `radius` pages on either side (8 in the spec),
 * clipped to 1..count. The current page is clamped into range first, so a stale URL still
 * draws a sensible window.
 */
export function pageWindow(current: number, count: number, radius = 8): number[] {
  const last = Math.max(1, Math.floor(count));
  const page = Math.min(Math.max(1, Math.floor(current) || 1), last);
  const from = Math.max(1, page - radius);
  const to = Math.min(last, page + radius);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
