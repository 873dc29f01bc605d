// Run by `npm install` (scripts/postinstall.mjs): builds what a first `npm start` would otherwise
// build while the player waits (decision 0077): the web app as `npm run build` makes it (vite,
// the prerendered landing, the .br/.gz files), recorded as built from the checkout's inputs so the
// start serves it, then the packed server bundle. A start after an edit still builds what the
// edit touched. Like the clusters, this is an optimisation: a step that fails leaves no record,
// prints a sentence and never fails the install.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuiltFrom, recordBuiltFrom, webBuildInputs } from './web-build-inputs.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The commands of `npm run build -w @starport/web`, run with node directly (no npm in between). */
export const WEB_BUILD_STEPS = [
  [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'],
  [path.join(ROOT, 'scripts/prerender.mjs')],
  [path.join(ROOT, 'scripts/precompress.mjs'), path.join(ROOT, 'apps/web/dist')],
];
export const API_BUNDLE_STEP = [path.join(ROOT, 'scripts/build-api.mjs'), '--if-changed'];

/** Runs `node …args` in root; the step's own output goes to ours. */
function runNode(root, args) {
  const { status, error } = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (error) throw error;
  if (status !== 0) throw new Error(`${path.basename(String(args[0]))} exited with ${status}`);
}

/**
 * Builds the web app unless apps/web/dist was built from these very inputs; returns 'built',
 * 'current' or 'failed'. The inputs are taken before the build, as npm start does.
 */
export function buildWebForInstall(root = ROOT, steps = WEB_BUILD_STEPS) {
  const inputs = webBuildInputs(root);
  if (isBuiltFrom(root, inputs)) return 'current';
  try {
    for (const step of steps) runNode(root, step);
  } catch (err) {
    console.log(`Starport: the web app was not built at install (${err.message}); a first start builds it.`);
    return 'failed';
  }
  recordBuiltFrom(root, inputs);
  return 'built';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const web = buildWebForInstall();
  if (web === 'built') console.log(`Starport: the web app is built (${Math.round(performance.now() - started)} ms); a first start serves it.`);
  try {
    runNode(ROOT, API_BUNDLE_STEP);
  } catch (err) {
    console.log(`Starport: the server bundle was not built at install (${err.message}); a first start builds it.`);
  }
}
