#!/usr/bin/env node
// `npm start`: build the web app, then run the server, as child processes of this one.
//
// Why not `npm run build && node …` in package.json: npm hands a signal to the shell it started,
// and that shell does not pass it on, so `kill <npm's pid>` used to leave the server (and its
// anvil) running. package.json runs this file with `exec`, so npm's signal reaches this process;
// every signal that stops a process is forwarded to the step that runs, and this process exits
// with that step's code once it has finished. Ctrl-C in a terminal reaches the whole process
// group already; the server ignores a second copy. Should whatever started us die without a
// signal to pass on (kill -9 of npm), we are orphaned: that stops the server too.
//
// The web app is built only when its inputs changed since the last build (web-build-inputs.mjs).
// The server runs from its bundle (build-api.mjs), rebuilt when its sources changed: loading it
// takes a fraction of what loading the TypeScript through tsx took (decision 0060).
// STARPORT_SKIP_BUILD=1 serves the build that is already in apps/web/dist, whatever it was built from.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BUNDLE, ensureApiBundle } from './build-api.mjs';
import { isBuiltFrom, recordBuiltFrom, webBuildInputs } from './web-build-inputs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

let current;
let stopRequested;
const stop = (signal) => {
  stopRequested = signal;
  current?.kill(signal);
};
for (const signal of STOP_SIGNALS) process.on(signal, () => stop(signal));

const launcher = process.ppid;
const orphanWatch = setInterval(() => {
  if (process.ppid === launcher) return;
  clearInterval(orphanWatch);
  stop('SIGTERM');
}, 500);
orphanWatch.unref();

/** Runs one step to its end; resolves with its exit code (128 + n for a signal, as shells do). */
function step(command, args) {
  return new Promise((resolve) => {
    current = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
    current.once('error', (err) => {
      console.error(`Could not run ${command}: ${err.message}`);
      resolve(1);
    });
    current.once('exit', (code, signal) => resolve(code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15)));
  });
}

async function main() {
  const skipBuild = process.env.STARPORT_SKIP_BUILD === '1';
  if (skipBuild && process.env.SERVE_WEB !== '0' && !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    console.error('STARPORT_SKIP_BUILD=1 but apps/web/dist has no build: run `npm run build` once, or unset it.');
    return 1;
  }
  if (!skipBuild) {
    const inputs = webBuildInputs(root);
    if (isBuiltFrom(root, inputs)) {
      console.log('The web app has not changed since its last build: serving apps/web/dist.');
    } else {
      const built = await step('npm', ['run', 'build']);
      if (built !== 0 || stopRequested) return built || 130;
      // Taken before the build: an edit made while it ran means the next start builds again.
      recordBuiltFrom(root, inputs);
    }
  }
  try {
    await ensureApiBundle();
  } catch (err) {
    console.error(`Could not bundle the API server: ${err.message}`);
    return 1;
  }
  if (stopRequested) return 130;
  return step(process.execPath, ['--enable-source-maps', API_BUNDLE]);
}

process.exitCode = await main();
