import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@starport/chain';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import { genesisHashAt } from './chain/genesis.ts';
import { STATE_FILE } from './chain/local-chain.ts';
import { NO_LOCAL_CHAIN } from './chain/shared-local-chain.ts';

/**
 * A cluster on one PostgreSQL database as the README runs it (issue 13, item 6): `npm run chain`,
 * API copies (main.ts) and a worker, each a process of its own, all on the one local chain.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const children: ChildProcess[] = [];
const dirs: string[] = [];
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  // Each child leads a process group of its own (with its anvil, and npm's node): end them all.
  for (const child of children) if (child.exitCode === null && child.signalCode === null) signalGroup(child, 'SIGKILL');
  for (const dir of dirs) for (const pid of anvilPids(path.join(dir, STATE_FILE))) process.kill(pid, 'SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await Promise.all(closers.map((close) => close()));
});

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

/** The anvil processes whose command line names this state file (pgrep -f). */
function anvilPids(stateFile: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', `anvil .*--state ${stateFile}`], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'starport-cluster-'));
  dirs.push(dir);
  return dir;
}

async function newDatabase(): Promise<string> {
  const database = await createTestDatabase('postgres');
  closers.push(() => database.close());
  return database.url!;
}

function run(command: string[], env: Record<string, string>) {
  const [program, ...args] = command;
  const child = spawn(program!, args, {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PUBLIC_URL: '',
      SERVE_WEB: '0',
      SEED_DEMO: '0',
      RUN_WORKERS: '0',
      LOG_LEVEL: 'info',
      CHAIN_IDS: '',
      LOCAL_CHAIN: '',
      LOCAL_CHAIN_PORT: '0',
      JWT_ACCESS_SECRET: '',
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
  /** Waits until the process has printed this; the test's timeout bounds the wait. */
  const printed = async (text: string) => {
    while (!stdout.includes(text)) {
      if (child.exitCode !== null)
        throw new Error(`${command.join(' ')} exited with ${child.exitCode}:\n${stdout}\n${stderr}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  return { child, exited, printed, out: () => stdout, err: () => stderr };
}

const NODE = [process.execPath, '--import', 'tsx'];
const server = (env: Record<string, string>) => run([...NODE, 'apps/api/src/main.ts'], env);
const worker = (env: Record<string, string>) => run([...NODE, 'apps/api/src/worker.ts'], env);

describe('one local chain for a cluster on PostgreSQL', () => {
  it('npm run chain hosts it; copies and a worker join it; stopping a copy leaves it up; SIGTERM stops anvil, its state written', async () => {
    const url = await newDatabase();
    const hostDir = newDataDir();
    const host = run(['npm', 'run', 'chain'], { DATABASE_URL: url, DATA_DIR: hostDir });
    await host.printed('Ctrl-C or SIGTERM stops it');
    const rpc = /Local chain: Starport local, chain id 31337, RPC (http:\/\/127\.0\.0\.1:\d+) \(anvil, state in /.exec(
      host.out(),
    )?.[1];
    expect(rpc).toBeDefined();
    const stateFile = path.join(hostDir, STATE_FILE);
    expect(anvilPids(stateFile)).toHaveLength(1);

    // A copy of its own DATA_DIR, and one on the chain host's: both join, neither runs anvil.
    const copies = await Promise.all(
      [newDataDir(), hostDir].map(async (dataDir) => {
        const port = await freePort();
        const copy = server({ DATABASE_URL: url, DATA_DIR: dataDir, PORT: String(port) });
        await copy.printed('Starport is running');
        return { copy, port };
      }),
    );
    for (const { copy, port } of copies) {
      expect(copy.out()).toContain(
        `Local chain: joined the one another copy runs (DATA_DIR ${hostDir} on ${hostname()}): Starport local, chain id 31337, RPC ${rpc}`,
      );
      const config = (await (await fetch(`http://127.0.0.1:${port}/api/chain/config`)).json()) as {
        chains: { rpcUrl: string }[];
      };
      expect(config.chains.map((c) => c.rpcUrl)).toEqual([rpc]);
    }
    expect(anvilPids(stateFile)).toHaveLength(1);

    const jobs = worker({ DATABASE_URL: url, DATA_DIR: newDataDir() });
    await jobs.printed('job worker started');
    expect(jobs.out()).toContain('joined the local chain of this database');
    expect(jobs.out()).toContain(rpc);

    // A second chain host has nothing to do.
    const second = run(['npm', 'run', 'chain'], { DATABASE_URL: url, DATA_DIR: newDataDir() });
    expect(await second.exited).toBe(1);
    expect(second.err().trim()).toContain(
      `The local chain of this database already runs from DATA_DIR ${hostDir} on ${hostname()} (RPC ${rpc}): ` +
        'API copies and workers join that one, so npm run chain has nothing to do.',
    );

    // Copies and workers come and go; the chain stays.
    const stopping = [...copies.map((c) => c.copy), jobs];
    for (const p of stopping) p.child.kill('SIGTERM');
    for (const p of stopping) expect(await p.exited).toBe(0);
    expect(await genesisHashAt(rpc!)).not.toBeNull();

    host.child.kill('SIGTERM'); // npm passes it on to the chain host
    expect(await host.exited).toBe(0);
    while (anvilPids(stateFile).length) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(stateFile)).toBe(true);
    expect(await genesisHashAt(rpc!)).toBeNull();
  }, 240_000);

  it('a worker with no chain running for its database refuses to start, in one sentence', async () => {
    const jobs = worker({ DATABASE_URL: await newDatabase(), DATA_DIR: newDataDir() });
    expect(await jobs.exited).toBe(1);
    expect(jobs.err().trim()).toBe(NO_LOCAL_CHAIN);
    expect(NO_LOCAL_CHAIN).toBe(
      'No local chain is running for this database: start the API first (npm start) or the chain alone (npm run chain), ' +
        'or configure the chain with CHAIN_IDS and CHAIN_<ID>_* in every process.',
    );
  }, 120_000);

  it('npm run chain without PostgreSQL says what it is for', async () => {
    const host = run([...NODE, 'apps/api/src/chain-host.ts'], { DATABASE_URL: '', DATA_DIR: newDataDir() });
    expect(await host.exited).toBe(1);
    expect(host.err().trim()).toBe(
      'npm run chain runs the local chain for processes that share a PostgreSQL database: set DATABASE_URL. With the embedded database, npm start runs the chain itself.',
    );
  }, 120_000);
});
