// Lighthouse performance score in mobile mode (Lighthouse's default: a mid-range phone, slow 4G,
// 4× CPU slowdown, simulated) for the first visit to `/` and `/market`, against the real
// product started the way `npm start` runs it (built SPA + API, embedded database, demo
// catalogue), with Debian's Chromium.
// Run: npm run build && node --import tsx bench/lighthouse.ts [--runs=3] [--dist=apps/web/dist] [--page=/market]
// [--json=DIR] (each run's full report, to see what the LCP waited for; with LH_TRACE=1 also its
// trace, trace-N.json, for the main thread's tasks)
// Each page is measured `runs` times; the median run is reported, as Lighthouse advises.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadavg } from 'node:os';
import { machineSpeed } from './lib-machine.ts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { builtWebDist, startServer } from '../e2e/fixtures/server.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const RUNS = Number(arg('runs') ?? 3);
const PAGES = arg('page') ? [arg('page')!] : ['/', '/market'];
const JSON_DIR = arg('json');
if (JSON_DIR) mkdirSync(JSON_DIR, { recursive: true });
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The same switches the end-to-end tests use: nothing phones home on this closed network.
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// Chromium 156 renders its address bar's popup as a web page (chrome://omnibox-popup) even when
// headless, in a renderer of its own that works through each navigation: 3.3 s of main-thread
// time during one load of /market in a trace, on the same two cores as the page measured.
// Chromium takes one --disable-features switch, so these join chrome-launcher's own list.
const NOT_MEASURED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];
const launcherFlags = chromeLauncher.Launcher.defaultFlags().map((flag) =>
  flag.startsWith('--disable-features=') ? `${flag},${NOT_MEASURED_FEATURES.join(',')}` : flag,
);
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

type Run = { score: number; metrics: Record<string, string> };
let saved = 0;

async function audit(url: string, port: number, attempt = 1): Promise<Run> {
  const result = await lighthouse(url, { port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // Lighthouse 12.8 sometimes misses the navigation in Chromium 156's trace: that run is taken again.
  if (lhr.runtimeError?.code === 'NO_NAVSTART' && attempt < 3) return audit(url, port, attempt + 1);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (JSON_DIR) writeFileSync(`${JSON_DIR}/lighthouse-${++saved}.json`, result.report as string);
  if (JSON_DIR && process.env.LH_TRACE)
    writeFileSync(
      `${JSON_DIR}/trace-${saved}.json`,
      JSON.stringify((result.artifacts as unknown as { Trace: unknown }).Trace),
    );
  const metrics: Record<string, string> = {};
  for (const [id, label] of METRICS) metrics[label] = lhr.audits[id]?.displayValue ?? '?';
  return { score: Math.round((lhr.categories.performance?.score ?? 0) * 100), metrics };
}

const dist = arg('dist');
if (dist) process.env.E2E_WEB_DIST = dist;
// `npm start`'s quick build (decision 0063), which bench/startup.ts's cold starts run, leaves no
// prerendered pages: the pages would then be sent as the bare app shell and score what they did
// before decisions 0073 and 0080, which is not what a player gets after `npm install`.
if (!existsSync(path.join(builtWebDist(), 'prerendered'))) {
  console.error(`${builtWebDist()} has no prerendered pages (a quick build): run \`npm run build\` first.`);
  process.exit(1);
}
// the server runs from its bundle, as under `npm start` and in the e2e suite
execFileSync(process.execPath, ['scripts/build-api.mjs'], { stdio: 'inherit' });
const server = await startServer({ NODE_ENV: 'production' });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  ignoreDefaultFlags: true,
  chromeFlags: [...launcherFlags, ...FLAGS],
});
try {
  // Warm the server (first image renders, query plans) so the first audit is not the odd one out.
  for (const page of PAGES) await fetch(`${server.url}${page}`);
  await fetch(`${server.url}/api/marketplace/find`);

  // Lighthouse multiplies the CPU time it sees by 4: other work on the machine moves the scores.
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');
  console.log(
    `Lighthouse ${RUNS} run(s) per page, mobile preset, median by score; load average ${load()}; ${machineSpeed()}\n`,
  );
  console.log('| page | score (median) | all runs | FCP | LCP | TBT | CLS | SI |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const page of PAGES) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`${server.url}${page}`, chrome.port));
    const sorted = [...runs].sort((a, b) => a.score - b.score);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const m = median.metrics;
    console.log(
      `| ${page} | ${median.score} | ${runs.map((r) => r.score).join(', ')} | ${m.FCP} | ${m.LCP} | ${m.TBT} | ${m.CLS} | ${m.SI} |`,
    );
  }
  console.log(`\nload average at the end: ${load()}`);
} finally {
  chrome.kill();
  await server.stop();
}
