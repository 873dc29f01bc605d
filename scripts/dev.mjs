#!/usr/bin/env node
// `npm run dev`: the API on :3000 (restarting on change) and Vite with hot reload on :5173,
// which proxies API calls to :3000. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'apps/api/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, SERVE_WEB: '0', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://127.0.0.1:5173' },
  }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts'], { stdio: 'inherit', env: process.env }),
];
console.log('\n  Dev: open http://127.0.0.1:5173 (API on http://127.0.0.1:3000)\n');

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
