// package.json's postinstall: prepares what a first `npm start` needs, side by side on the
// machine's cores: the embedded database's clusters (decision 0074) and the builds (decision
// 0077). Each is an optimisation a start can do without, so nothing here fails the install.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const JOBS = [
  {
    args: ['--import', 'tsx', 'apps/api/src/prepare-embedded-cluster.ts'],
    failed: "the embedded database's clusters were not prepared; a first start makes its own",
  },
  { args: ['scripts/install-builds.mjs'], failed: 'the builds were not made at install; a first start makes them' },
];

const finished = JOBS.map(
  ({ args, failed }) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
      const report = (ok) => {
        if (!ok) console.log(`Starport: ${failed}.`);
        resolve();
      };
      child.once('error', () => report(false));
      child.once('exit', (code) => report(code === 0));
    }),
);
await Promise.all(finished);
