/**
 * A value made on first use. For Intl formatters: the first one a page builds costs ICU's set-up
 * (~40 ms, 160 ms at Lighthouse's 4× slowdown; a DateTimeFormat more), and built at module
 * level that cost lands in the evaluation of the first page's chunk, before its first paint,
 * even when the page never formats a number or date (issue 21, decision 0069).
 */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
