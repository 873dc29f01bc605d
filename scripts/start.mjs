#!/usr/bin/env node
// `npm start`: build the web app and run the server, as child processes of this one.
//
// Why not `npm run build && node …` in package.json: npm hands a signal to the shell it started,
// and that shell does not pass it on, so `kill <npm's pid>` used to leave the server (and its
// anvil) running. package.json runs this file with `exec`, so npm's signal reaches this process;
// every signal that stops a process is forwarded to the children that run, and this process
// exits with the server's code (or the failed build's) once they have finished. Ctrl-C in a
// terminal reaches the whole process group already; the server ignores a second copy. Should
// whatever started us die without a signal to pass on (kill -9 of npm), we are orphaned: that
// stops the server too.
//
// The web app is built only when its inputs changed since the last build (web-build-inputs.mjs),
// and then while the server starts, not before it (decision 0063): vite works on one core while
// the server's initdb and demo seed work on the other. The server is told over its IPC channel
// when the build is there, and only then listens, so a healthy server always serves the app.
// Precompression (.br/.gz, scripts/precompress.mjs) runs after the server listens, at low
// priority; until it is done the server compresses the app's files as it sends them.
// The server runs from its bundle (build-api.mjs), rebuilt when its sources changed: loading it
// takes a fraction of what loading the TypeScript through tsx took (decision 0060). The packed
// bundle (packages included, decision 0072) takes seconds to build: a start whose packed bundle
// is out of date runs the quick own-code one and builds the packed one after the server listens,
// at low priority, for the next start.
// STARPORT_SKIP_BUILD=1 serves the build that is already in apps/web/dist, whatever it was built from.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForStart } from './build-api.mjs';
import { isPrecompressed } from './precompress.mjs';
import { isBuiltFrom, recordBuiltFrom, webBuildInputs } from './web-build-inputs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIST = path.join(root, 'apps/web/dist');
// vite itself rather than `npm run build`: two npm processes cost ~0.5 s of a first start.
const VITE_BUILD = [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'apps/web/vite.config.ts'];
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

const running = new Set();
let stopRequested;
const stop = (signal) => {
  stopRequested = signal;
  for (const child of running) child.kill(signal);
};
for (const signal of STOP_SIGNALS) process.on(signal, () => stop(signal));

const launcher = process.ppid;
const orphanWatch = setInterval(() => {
  if (process.ppid === launcher) return;
  clearInterval(orphanWatch);
  stop('SIGTERM');
}, 500);
orphanWatch.unref();

/**
 * Starts a child; `exited` resolves with its exit code (128 + n for a signal, as shells do).
 * @param {string[]} args
 * @param {{ ipc?: boolean, env?: Record<string, string> }} [options]
 */
function run(command, args, { ipc = false, env = {} } = {}) {
  const child = spawn(command, args, { cwd: root, stdio: ['inherit', 'inherit', 'inherit', ...(ipc ? ['ipc'] : [])], env: { ...process.env, ...env } });
  running.add(child);
  const exited = new Promise((resolve) => {
    child.once('error', (err) => {
      console.error(`Could not run ${command}: ${err.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15)));
  }).finally(() => running.delete(child));
  return { child, exited };
}

/** The web build's .br/.gz, made in the background once the server listens (it takes seconds). */
function precompressInBackground() {
  if (stopRequested || process.env.SERVE_WEB === '0' || !existsSync(path.join(WEB_DIST, 'index.html')) || isPrecompressed(WEB_DIST)) return;
  const { child } = run(process.execPath, [path.join(root, 'scripts/precompress.mjs'), WEB_DIST]);
  // A player's first pages come before it; a start killed before it ends does it next time.
  lowerPriority(child);
}

/** The packed server bundle for the next start, made in the background once the server listens. */
function packInBackground() {
  if (stopRequested) return;
  const { child } = run(process.execPath, [path.join(root, 'scripts/build-api.mjs'), '--if-changed']);
  lowerPriority(child);
}

/** nice 10 for a child whose work can wait for the server's. */
function lowerPriority(child) {
  try {
    if (child.pid) setPriority(child.pid, 10);
  } catch {
    // not allowed here: it runs at normal priority
  }
}

async function main() {
  const skipBuild = process.env.STARPORT_SKIP_BUILD === '1';
  if (skipBuild && process.env.SERVE_WEB !== '0' && !existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.error('STARPORT_SKIP_BUILD=1 but apps/web/dist has no build: run `npm run build` once, or unset it.');
    return 1;
  }
  let web;
  let inputs;
  if (!skipBuild) {
    // Taken before the build: an edit made while it runs means the next start builds again.
    inputs = webBuildInputs(root);
    if (isBuiltFrom(root, inputs)) console.log('The web app has not changed since its last build: serving apps/web/dist.');
    else {
      web = run(process.execPath, VITE_BUILD);
      // The server's start is the critical path (decision 0066): on 2 cores vite takes the
      // CPU it leaves, and is done long before the server is anyway.
      lowerPriority(web.child);
    }
  }
  let serverBundle;
  try {
    serverBundle = await bundleForStart();
  } catch (err) {
    console.error(`Could not bundle the API server: ${err.message}`);
    stop('SIGTERM');
    return 1;
  }
  if (stopRequested) {
    await web?.exited;
    return 130;
  }

  const { bundle, packLater } = serverBundle;
  const server = run(process.execPath, ['--enable-source-maps', bundle], { ipc: true, env: web ? { STARPORT_WEB_BUILD: 'pending' } : {} });
  server.child.on('message', (message) => {
    if (message?.starport !== 'listening') return;
    precompressInBackground();
    if (packLater) packInBackground();
  });
  if (web) {
    const first = await Promise.race([web.exited.then((code) => ({ built: code })), server.exited.then((code) => ({ server: code }))]);
    if ('server' in first) {
      web.child.kill('SIGTERM');
      await web.exited;
      return first.server;
    }
    if (first.built !== 0 || stopRequested) {
      server.child.kill('SIGTERM');
      await server.exited;
      return first.built || 130;
    }
    recordBuiltFrom(root, inputs);
    if (server.child.connected) server.child.send({ starport: 'web-built' });
  }
  const code = await server.exited;
  // The server is gone: a precompression still running stops too (the next start finishes it).
  stop('SIGTERM');
  return code;
}

process.exitCode = await main();
