// Load runs and the table of bench/find-http.ts.
import autocannon, { type Result } from 'autocannon';

export type Load = { rps: number; p99: number; mean: number; errors: number };

/** A warm-up, then a measured run; the load generator runs in a worker thread, off the servers' event loop. */
export async function drive(url: string, opts: { connections: number; warmup: number; duration: number }): Promise<Load> {
  const run = (duration: number) => autocannon({ url, connections: opts.connections, duration, workers: 1 });
  await run(opts.warmup);
  const r: Result = await run(opts.duration);
  return { rps: r.requests.average, p99: r.latency.p99, mean: r.latency.mean, errors: r.errors + r.timeouts + r.non2xx };
}

/** A short unmeasured run, for the cold start (new connections, cold caches, JIT). */
export async function warm(url: string, opts: { connections: number; warmup: number }): Promise<void> {
  await autocannon({ url, connections: opts.connections, duration: Math.max(1, Math.ceil(opts.warmup / 2)), workers: 1 });
}

export type Row = { scenario: string; page: number; starport: Load; bare: Load; floor: Load; bytes: { starport: number; floor: number } };

const f = (n: number, d = 0) => n.toFixed(d);
const mark = (ok: boolean) => (ok ? ' ' : '!');

export function printTable(rows: Row[]) {
  const head = ['scenario', 'page', 'SP req/s', 'SP p99', 'bare req/s', 'floor req/s', 'floor p99', 'SP/bare ≥0.8', 'SP/floor ≥0.5', 'p99 SP/bare ≤2', 'pg100/pg1 p99 ≤2', 'SP/floor KB'];
  const widths = [40, 4, 8, 6, 10, 11, 9, 12, 13, 14, 16, 12];
  const line = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | '));
  line(head);
  for (const r of rows) {
    const toBare = r.starport.rps / r.bare.rps;
    const toFloor = r.starport.rps / r.floor.rps;
    const p99 = r.starport.p99 / r.bare.p99;
    const first = r.page === 100 ? rows.find((o) => o.scenario === r.scenario && o.page === 1) : undefined;
    const pageP99 = first ? r.starport.p99 / first.starport.p99 : undefined;
    line([
      r.scenario,
      String(r.page),
      f(r.starport.rps),
      f(r.starport.p99),
      f(r.bare.rps),
      f(r.floor.rps),
      f(r.floor.p99),
      `${f(toBare, 2)}${mark(toBare >= 0.8)}`,
      `${f(toFloor, 2)}${mark(toFloor >= 0.5)}`,
      `${f(p99, 2)}${mark(p99 <= 2)}`,
      pageP99 === undefined ? '' : `${f(pageP99, 2)}${mark(pageP99 <= 2)}`,
      `${f(r.bytes.starport / 1024, 1)}/${f(r.bytes.floor / 1024, 1)}`,
    ]);
  }
  const errs = rows.filter((r) => r.starport.errors + r.bare.errors + r.floor.errors > 0);
  for (const r of errs) console.log(`! ${r.scenario} page ${r.page}: ${r.starport.errors} Starport / ${r.bare.errors} bare / ${r.floor.errors} floor errors, timeouts or non-2xx`);
  console.log('p99 in ms; "!" marks a missed target. Page ratios are Starport page 100 against its page 1; KB are uncompressed response bodies.');
}
