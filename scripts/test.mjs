#!/usr/bin/env node
// `npm test`: every test, in the order a failure is cheapest to find.
// 1. types and lint, 2. unit + API + component tests (vitest projects),
// 3. build the web app, 4. end-to-end journeys in Chromium.
// It installs what the machine lacks (Debian's chromium, as root) and says so.
// Steps that never read the database are not repeated on a tree they already passed on
// (passed-stamp.mjs): the second run of CI, on PostgreSQL, repeats the API and e2e tests only.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DATABASE_INDEPENDENT_E2E } from './database-independent-e2e.mjs';
import { passedAt, recordPassed, treeFingerprint } from './passed-stamp.mjs';
import { runTogether } from './run-together.mjs';
import { runVitest } from './vitest-run.mjs';

const say = (msg) => console.log(`\n== ${msg}`);
const db = process.env.DATABASE_URL ? `PostgreSQL (${redact(process.env.DATABASE_URL)})` : 'PGlite (embedded)';

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

function run(title, cmd, args, opts = {}) {
  say(title);
  console.log(`$ ${[cmd, ...args].join(' ')}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    console.error(`\n✗ ${title} failed (exit ${res.status ?? res.signal}).`);
    process.exit(res.status || 1);
  }
}

/** A vitest step: like run(), through runVitest (which outlives one crashed worker, and says so). */
async function runTests(title, args, env = process.env) {
  say(title);
  console.log(`$ npx vitest run ${args.join(' ')}`.trim());
  const status = await runVitest(args, env);
  if (status !== 0) {
    console.error(`\n✗ ${title} failed (exit ${status}).`);
    process.exit(status);
  }
}

function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p));
}

function ensureChromium() {
  const found = chromiumPath();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    console.error('Chromium is missing. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).');
    process.exit(1);
  }
  say("Chromium is missing: installing Debian's chromium with apt-get");
  run('apt-get update', 'apt-get', ['update', '-qq']);
  run('apt-get install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = chromiumPath();
  if (!installed) {
    console.error('apt-get finished but no chromium binary was found.');
    process.exit(1);
  }
  return installed;
}

say(`Starport tests on ${db}`);
const chromium = ensureChromium();
const npx = 'npx';
const fingerprint = treeFingerprint();
const alreadyPassed = process.env.STARPORT_TEST_ALL ? null : passedAt(fingerprint);
if (alreadyPassed && existsSync('apps/web/dist/index.html')) {
  say(
    `Type checks, lint, the web, schema and chain tests and the web build passed on this exact tree at ${alreadyPassed}`,
  );
  console.log('They never read the database, so they are not run again (STARPORT_TEST_ALL=1 runs them anyway).');
  await runTests('API tests', ['--project', 'api']);
} else {
  // The longest first, so that the two lanes end close together.
  const failed = await runTogether([
    ['Lint (ESLint, with area import boundaries)', npx, ['eslint', '.']],
    ['Type check: API', npx, ['tsc', '-p', 'apps/api']],
    ['Type check: web', npx, ['tsc', '-p', 'apps/web']],
    ['Type check: e2e', npx, ['tsc', '-p', 'e2e']],
    ['Type check: schemas', npx, ['tsc', '-p', 'packages/schemas']],
  ]);
  if (failed.length > 0) {
    console.error(`\n✗ failed: ${failed.join(', ')}.`);
    process.exit(1);
  }
  await runTests('Unit, API and component tests', []);
  run('Build the web app', 'npm', ['run', 'build']);
  // Only now, and only if nothing changed while they ran.
  if (treeFingerprint() === fingerprint) recordPassed(fingerprint);
}
const e2eArgs = ['--config', 'e2e/vitest.config.ts'];
const uiPassedAt = process.env.STARPORT_TEST_ALL
  ? null
  : passedAt(fingerprint, process.cwd(), 'database-independent-e2e');
if (uiPassedAt) {
  say(`The browser-only e2e files passed on this exact tree at ${uiPassedAt}: ${DATABASE_INDEPENDENT_E2E.join(', ')}`);
  console.log('They are not run again (STARPORT_TEST_ALL=1 runs them anyway).');
}
const skipped = uiPassedAt ? DATABASE_INDEPENDENT_E2E.flatMap((file) => ['--exclude', `**/${file}`]) : [];
await runTests('End-to-end journeys in Chromium', [...e2eArgs, ...skipped], {
  ...process.env,
  CHROMIUM_PATH: chromium,
});
if (!uiPassedAt && treeFingerprint() === fingerprint)
  recordPassed(fingerprint, process.cwd(), 'database-independent-e2e');
say(`All tests passed on ${db}.`);
