import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const LAUNCHER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'launcher.ts');
// A server stand-in: waits for the web build as main.ts does, then says it listens.
const STAND_IN = `const { tellLauncher, webBuildReady } = await import(${JSON.stringify(LAUNCHER)});
  console.log('waiting');
  webBuildReady().then(() => { console.log('built'); tellLauncher('listening'); process.disconnect(); }, (err) => { console.log(err.message); process.exit(3); });`;

function standIn(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', STAND_IN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let out = '';
  const printed = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => out.includes(text) && resolve();
      child.stdout!.on('data', (d) => ((out += d), check()));
      check();
    });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const told = new Promise<unknown>((resolve) => child.once('message', resolve));
  return { child, printed, exited, told, output: () => out };
}

it('npm start: the server waits for the web build it was told is pending, then says it listens', async () => {
  const server = standIn({ STARPORT_WEB_BUILD: 'pending' });
  await server.printed('waiting');
  expect(server.output()).not.toContain('built');
  server.child.send({ starport: 'web-built' });
  expect(await server.told).toEqual({ starport: 'listening' });
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain('built');
});

it('does not wait when no build is pending', async () => {
  const server = standIn({ STARPORT_WEB_BUILD: '' });
  expect(await server.told).toEqual({ starport: 'listening' });
  expect(await server.exited).toBe(0);
});

it('gives up when npm start goes away before the build is there', async () => {
  const server = standIn({ STARPORT_WEB_BUILD: 'pending' });
  await server.printed('waiting');
  server.child.disconnect();
  expect(await server.exited).toBe(3);
  expect(server.output()).toContain('npm start went away');
});
