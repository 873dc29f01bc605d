// Runs `vitest run` for scripts/test.mjs, and survives one thing only: a test worker process
// that dies on its own (a native crash: vitest says "Worker exited unexpectedly") while every
// test that ran passed. Those cut-off files are run once more, and the run says so. An
// assertion that fails, any other unhandled error, or a file that dies twice still fails.
// Decision 0023 says why.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const WORKER_DIED = 'Worker exited unexpectedly';

/** @returns {Promise<{ status: number, output: string }>} the exit status and everything printed. */
function runTeed(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'pipe'], env });
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      output += chunk;
    });
    child.on('close', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0), output }));
  });
}

// eslint-disable-next-line no-control-regex -- ANSI colour codes start with ESC
const stripColours = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** How many unhandled errors vitest counted, and how many of them were dead workers. */
export function countErrors(output) {
  const plain = stripColours(output);
  const summary = /^\s*Errors\s+(\d+) errors?/m.exec(plain);
  // Vitest's own report line, not any output that merely contains the words.
  const deaths = plain.match(new RegExp(`^Caused by: Error: ${WORKER_DIED}$`, 'gm')) ?? [];
  return { errors: summary ? Number(summary[1]) : 0, workerDeaths: deaths.length };
}

/** Files with tests that never ran because their worker died, from vitest's JSON report. */
export function cutOffFiles(report) {
  if (report.numFailedTests > 0 || report.numFailedTestSuites > 0) return [];
  return report.testResults
    .filter((file) => file.assertionResults.some((test) => test.status === 'pending'))
    .map((file) => file.name);
}

/**
 * `npx vitest run <args>`; returns the exit status the step should have.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 */
export async function runVitest(args, env = process.env) {
  const dir = mkdtempSync(path.join(tmpdir(), 'starport-vitest-'));
  try {
    const report = path.join(dir, 'report.json');
    const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
    const first = await runTeed('npx', ['vitest', 'run', ...args, ...reporters], env);
    if (first.status === 0) return 0;

    const { errors, workerDeaths } = countErrors(first.output);
    if (workerDeaths === 0 || errors !== workerDeaths || !existsSync(report)) return first.status;
    const files = cutOffFiles(JSON.parse(readFileSync(report, 'utf8')));
    if (files.length === 0) return first.status;

    console.log(
      `\n!! A test worker process died on its own (${WORKER_DIED}) while every test that ran had passed.\n` +
        `!! Cut off: ${files.map((f) => path.relative(process.cwd(), f)).join(', ')}\n` +
        '!! Running those files once more; a second failure fails the run.',
    );
    const again = await runTeed('npx', ['vitest', 'run', ...args, ...files], env);
    return again.status;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
