// `npm start` to healthy, the way a player runs it (embedded database, demo catalogue, local
// chain), timed from the spawn of npm to the first 200 from /healthz:
// - first start after install: an empty DATA_DIR, with what `npm install` prepares (decision
//   0077): the web app built (prerendered, precompressed) and recorded, the packed server bundle,
//   the embedded database's clusters (decision 0074). The bench runs the install's build step
//   (scripts/install-builds.mjs, not timed) after removing the build records, so it builds;
// - cold: a first start that must build too, as after an edit of the web app and the server: an
//   empty DATA_DIR, the records of the last builds removed, so npm start builds the web app while
//   the server starts (decision 0063) and the quick own-code server bundle before it (the packed
//   one after it listens, which the bench lets finish before it stops that start, decision 0072);
//   the clusters and the installed packages are kept;
// - warm: the next start on the same DATA_DIR with nothing changed (the builds are skipped).
// Run: node --import tsx bench/startup.ts [--runs=3]. Each kind is started `runs` times,
// alternating; the median is reported. Targets (issue 21): warm ≤ 3 s, cold ≤ 6 s.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@starport/chain';
import { machineSpeed } from './lib-machine.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// the records of the last web build and of the server's two bundles (build-api.mjs)
const PACKED_RECORD = path.join(ROOT, 'apps/api/dist/.build-inputs');
const BUILD_RECORDS = [path.join(ROOT, 'apps/web/dist/.build-inputs'), PACKED_RECORD, path.join(ROOT, 'apps/api/dist/.build-inputs-own-code')];
const CLUSTER_CACHE = path.join(ROOT, 'node_modules/.cache/starport');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const RUNS = Number(arg('runs') ?? 3);

/** Moments of a start worth knowing, found in its output: which step a start waits for. */
const MILESTONES = [
  ['web built', /✓ built in/],
  ["server's first line", /^\{"level"/],
  ['listening', /Server listening at/],
] as const;
/** ms after the spawn at which each milestone's line was printed, for the start just timed. */
let lastMilestones: Record<string, number> = {};

/** Starts npm start on dataDir, returns the ms until /healthz answers 200, then stops it. */
async function timeStart(dataDir: string, { untilPacked = false } = {}): Promise<number> {
  const port = await freePort();
  // its own free port for anvil too: with port 0 anvil could take the one just picked for the server
  let chainPort = await freePort();
  while (chainPort === port) chainPort = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true, // its own process group: the stop below reaches npm, the server and anvil
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: '', DATABASE_URL: '', LOCAL_CHAIN_PORT: String(chainPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  lastMilestones = {};
  const read = (d: Buffer) => {
    output += d;
    for (const line of String(d).split('\n'))
      for (const [name, pattern] of MILESTONES) if (!(name in lastMilestones) && pattern.test(line)) lastMilestones[name] = performance.now() - started;
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) {
        const elapsed = performance.now() - started;
        // Healthy must mean usable: the web app is served from the first 200 on (not timed).
        const page = await fetch(`http://127.0.0.1:${port}/`);
        if (!page.ok || !page.headers.get('content-type')?.startsWith('text/html')) throw new Error(`healthy, but / answers ${page.status}`);
        // A first start builds the packed server bundle once it listens (decision 0072); a
        // player's first session outlasts those seconds, so the next start finds it (not timed).
        while (untilPacked && !existsSync(PACKED_RECORD)) {
          if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        return elapsed;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** What `npm install` builds (scripts/install-builds.mjs), made anew: the records are removed first. */
function buildAsInstallDoes() {
  for (const record of BUILD_RECORDS) rmSync(record, { force: true });
  const { status } = spawnSync(process.execPath, [path.join(ROOT, 'scripts/install-builds.mjs')], { cwd: ROOT, stdio: 'ignore' });
  if (status !== 0 || BUILD_RECORDS.slice(0, 2).some((record) => !existsSync(record))) throw new Error('the install builds failed');
}

const milestones = () => Object.entries(lastMilestones).map(([name, ms]) => `${name} ${seconds(ms)}`).join(', ');
const afterInstall: number[] = [];
const cold: number[] = [];
const warm: number[] = [];
console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${machineSpeed()}`);
const clusters = existsSync(CLUSTER_CACHE) ? readdirSync(CLUSTER_CACHE).length : 0;
console.log(`embedded database clusters made by npm install (decision 0074): ${clusters ? `${clusters} in ${path.relative(ROOT, CLUSTER_CACHE)}` : 'none, so a cold start runs initdb'}`);
for (let run = 0; run < RUNS; run++) {
  const installedDir = mkdtempSync(path.join(tmpdir(), 'starport-startup-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starport-startup-'));
  try {
    buildAsInstallDoes();
    afterInstall.push(await timeStart(installedDir));
    const installedMilestones = milestones();
    for (const record of BUILD_RECORDS) rmSync(record, { force: true });
    cold.push(await timeStart(dataDir, { untilPacked: true }));
    const coldMilestones = milestones();
    warm.push(await timeStart(dataDir));
    console.log(
      `run ${run + 1}: after install ${seconds(afterInstall.at(-1)!)} (${installedMilestones}), cold ${seconds(cold.at(-1)!)} (${coldMilestones}), warm ${seconds(warm.at(-1)!)}`,
    );
  } finally {
    rmSync(installedDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
// The cold starts left npm start's quick build of the web app (no prerendered pages): put back
// what an install makes, so a Lighthouse run after this bench measures the real pages.
buildAsInstallDoes();
console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`\n| start | median of ${RUNS} | target |\n|---|---|---|`);
console.log(`| first start after install (empty DATA_DIR, builds made by npm install) | ${seconds(median(afterInstall))} | ≤ 6 s |`);
console.log(`| cold (empty DATA_DIR, web app and server bundle built at start) | ${seconds(median(cold))} | ≤ 6 s |`);
console.log(`| warm (same DATA_DIR, nothing changed) | ${seconds(median(warm))} | ≤ 3 s |`);
