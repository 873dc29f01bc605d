import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@starport/chain';
import { afterAll, describe, expect, it } from 'vitest';
import { STATE_FILE } from './chain/local-chain.ts';
import { demoWallets } from './chain/local-wallets.ts';

/** `npm start`'s last step, as a process: the server starts its anvil and ends it on SIGTERM. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  // When a test fails, no anvil of its own may stay behind either.
  for (const dir of dirs) for (const pid of anvilPids(path.join(dir, STATE_FILE))) process.kill(pid, 'SIGKILL');
  // nor a server that `npm start` ran (a grandchild of the test)
  for (const dir of dirs) {
    const pidFile = path.join(dir, 'server.pid');
    if (existsSync(pidFile) && isRunning(Number(readFileSync(pidFile, 'utf8')))) process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The server as main.ts alone, or as the README starts it (`npm start`, the build skipped). */
const SERVER_COMMAND = [process.execPath, '--import', 'tsx', 'apps/api/src/main.ts'];
const NPM_START = ['npm', 'start'];

function startServer(env: Record<string, string>, [command, ...args] = SERVER_COMMAND, options: { detached?: boolean } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starport-main-'));
  dirs.push(dataDir);
  const child = spawn(command!, args, {
    cwd: ROOT,
    detached: options.detached ?? false,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: '',
      DATABASE_URL: '',
      SERVE_WEB: '0',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      CHAIN_IDS: '',
      LOCAL_CHAIN: '',
      STARPORT_SKIP_BUILD: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const printed = async (text: string) => {
    const deadline = Date.now() + 120_000;
    while (!stdout.includes(text)) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${stdout}\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`no "${text}" within 120 s:\n${stdout}\n${stderr}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  return { child, dataDir, exited, printed, out: () => stdout, err: () => stderr };
}

/** The anvil processes whose command line names this state file (pgrep -f). */
function anvilPids(stateFile: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', `anvil .*--state ${stateFile}`], { encoding: 'utf8' }).trim().split('\n').map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

describe('main.ts with the local chain', () => {
  it('starts anvil, prints the network and the demo keys, serves the chain config, and ends anvil on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), LOCAL_CHAIN_PORT: '0' });
    await server.printed('Starport is running');
    const banner = server.out();
    const rpc = /Local chain: Starport local, chain id 31337, RPC (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1];
    expect(rpc).toBeDefined();
    expect(banner).toMatch(/USDC 0x[0-9a-f]{40} {2}units 0x[0-9a-f]{40} {2}staking 0x[0-9a-f]{40}/);
    expect(banner).toContain('import one into your wallet; these keys are public, local chain only');
    for (const w of demoWallets()) expect(banner).toContain(`${w.address}  private key ${w.privateKey}`);

    const stateFile = path.join(server.dataDir, STATE_FILE);
    const pids = anvilPids(stateFile);
    expect(pids).toHaveLength(1);

    const res = await fetch(`http://127.0.0.1:${port}/api/chain/config`);
    expect(res.status).toBe(200);
    const info = (await res.json()) as { local: boolean; chains: { rpcUrl: string }[]; payment: unknown };
    expect(info.local).toBe(true);
    expect(info.chains[0]?.rpcUrl).toBe(rpc);
    expect(info.payment).not.toBeNull();

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(anvilPids(stateFile)).toEqual([]);
    expect(() => process.kill(pids[0]!, 0)).toThrow();
    // anvil wrote its state on the way out: the next start keeps the balances.
    expect(existsSync(stateFile)).toBe(true);
  }, 180_000);

  it('refuses a local chain port already in use with one sentence and no stack', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = (blocker.address() as { port: number }).port;
    try {
      const server = startServer({ PORT: String(await freePort()), LOCAL_CHAIN_PORT: String(busy) });
      expect(await server.exited).toBe(1);
      expect(server.err().trim()).toBe(
        `Port ${busy} on 127.0.0.1 is already in use, so the local chain cannot start there (another Starport or anvil?). ` +
          'Stop that process, or set LOCAL_CHAIN_PORT to a free port (0 picks one).',
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 60_000);

  it('ends its anvil when it cannot listen, and says why in one sentence', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = (blocker.address() as { port: number }).port;
    try {
      const server = startServer({ PORT: String(busy), LOCAL_CHAIN_PORT: '0' });
      expect(await server.exited).toBe(1);
      expect(server.err().trim()).toBe(`Port ${busy} on 127.0.0.1 is already in use (another Starport?). Stop that process, or set PORT to a free port.`);
      // anvil got its SIGTERM as the process exited; it writes its state and goes.
      const stateFile = path.join(server.dataDir, STATE_FILE);
      await until(() => anvilPids(stateFile).length === 0, 'the anvil to end');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 120_000);

  // README: `npm start`. npm hands signals to its child only; a kill of npm's pid or a Ctrl-C must
  // still end the server and its anvil, with anvil's state written.
  for (const how of ['SIGTERM to npm', 'Ctrl-C (SIGINT to the process group)', 'kill -9 of npm'] as const) {
    it(`npm start: ${how} stops the server and its anvil`, async () => {
      const port = await freePort();
      const ctrlC = how.startsWith('Ctrl-C');
      const npm = startServer({ PORT: String(port), LOCAL_CHAIN_PORT: '0' }, NPM_START, { detached: ctrlC });
      await npm.printed('Starport is running');
      const serverPid = Number(readFileSync(path.join(npm.dataDir, 'server.pid'), 'utf8'));
      expect(serverPid).not.toBe(npm.child.pid);
      const stateFile = path.join(npm.dataDir, STATE_FILE);
      const anvil = anvilPids(stateFile);
      expect(anvil).toHaveLength(1);

      if (ctrlC) process.kill(-npm.child.pid!, 'SIGINT');
      else npm.child.kill(how === 'kill -9 of npm' ? 'SIGKILL' : 'SIGTERM');
      await npm.exited;
      await until(() => !isRunning(serverPid) && anvilPids(stateFile).length === 0, `server ${serverPid} and anvil ${anvil[0]} to end`);
      expect(existsSync(stateFile)).toBe(true);
      expect(existsSync(path.join(npm.dataDir, 'server.pid'))).toBe(false);
    }, 180_000);
  }
});

describe('main.ts stopping under load', () => {
  // A keep-alive connection busy at SIGTERM used to finish its request and then hold the stop
  // until keepAliveTimeout (72 s). Now its answer closes the connection and the process exits.
  it('SIGTERM with a request in flight on a keep-alive connection: the request is answered, the connection closed, the process exits', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), LOCAL_CHAIN: '0', LOG_LEVEL: 'info' });
    await server.printed('Starport is running');

    // The request's headers now, its body later: "100 Continue" says the server has it in hand.
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const body = '{"items":[]}';
    socket.write(
      'POST /api/getprice HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await until(() => received.includes('100 Continue'), 'the server to take the request');

    server.child.kill('SIGTERM');
    await server.printed('"msg":"shutting down"');
    socket.write(body);
    await ended;
    const answer = received.slice(received.indexOf('\r\n\r\n') + 4);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(await server.exited).toBe(0);
  }, 90_000);
});

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits for a condition; the test's own timeout bounds it. */
async function until(condition: () => boolean, what: string) {
  while (!condition()) {
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(condition(), what).toBe(true);
}
