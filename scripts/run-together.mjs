import { spawn } from 'node:child_process';

/**
 * Runs steps that are each one single-threaded process (tsc, eslint) `concurrency` at a time,
 * two on two cores. A step's output is printed whole when it ends, under its title, so the log
 * reads as if they had run in turn. Resolves with the titles of the steps that failed.
 * @param {[title: string, cmd: string, args: string[]][]} steps
 * @returns {Promise<string[]>}
 */
export async function runTogether(steps, concurrency = 2, print = (text) => process.stdout.write(text)) {
  const queue = [...steps];
  const failed = [];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [title, cmd, args] = next;
      const { status, output } = await new Promise((resolve) => {
        const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        child.stdout.on('data', (d) => (text += d));
        child.stderr.on('data', (d) => (text += d));
        child.on('error', (err) => resolve({ status: 'not started', output: `${err.message}\n` }));
        child.on('close', (code, signal) => resolve({ status: code ?? signal, output: text }));
      });
      print(`\n== ${title}\n$ ${[cmd, ...args].join(' ')}\n${output}`);
      if (status !== 0) failed.push(`${title} (exit ${status})`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return failed;
}
