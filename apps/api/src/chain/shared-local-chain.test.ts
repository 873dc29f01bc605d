import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { anvilClients, testUsdcAbi } from '@starport/chain';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { genesisHashAt } from './genesis.ts';
import { ANVIL_PID_FILE } from './local-anvil-pid.ts';
import { readRegistration, withRegistryLock } from './local-chain-registry.ts';
import { LocalChainError, STATE_FILE } from './local-chain.ts';
import {
  chainNotRunning,
  joinRegisteredLocalChain,
  NO_LOCAL_CHAIN,
  provideLocalChain,
  type SharedLocalChain,
} from './shared-local-chain.ts';

/**
 * Several processes on one PostgreSQL database share one local chain (issue 13, item 6): each
 * call of provideLocalChain here stands for one `npm start` with its own DATA_DIR.
 */
let database: Database & { url?: string };
const dirs: string[] = [];
const running: SharedLocalChain[] = [];
beforeEach(async () => {
  database = await createTestDatabase('postgres');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop()));
  await database.close();
});
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'starport-shared-chain-'));
  dirs.push(dir);
  return dir;
}

function copyConfig(dataDir: string, port = 3999): Config {
  return loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url!,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    JWT_ACCESS_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOCAL_CHAIN_PORT: '0',
  });
}

async function provide(dataDir: string, warnings: string[] = [], port?: number): Promise<SharedLocalChain> {
  const chain = await provideLocalChain(copyConfig(dataDir, port), { warn: (m) => warnings.push(m) });
  running.push(chain);
  return chain;
}

async function stop(chain: SharedLocalChain) {
  running.splice(running.indexOf(chain), 1);
  await chain.stop();
}

const registration = () => withRegistryLock(database.db, readRegistration);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'started',
    (err: unknown) => err,
  );

describe('one local chain per PostgreSQL database', () => {
  it('the first copy starts and registers it; a copy with another DATA_DIR joins it, and so does a worker', async () => {
    const ownerDir = newDataDir();
    const owner = await provide(ownerDir);
    expect(owner.joined).toBeNull();
    expect(owner.freshDeployment).toBe(true);
    expect(await registration()).toEqual({
      rpcUrl: owner.chain.rpcUrl,
      genesisHash: await genesisHashAt(owner.chain.rpcUrl),
      contracts: owner.chain.contracts,
      treasury: owner.treasury,
      owner: { dataDir: ownerDir, host: hostname() },
    });

    const copyDir = newDataDir();
    const copy = await provide(copyDir, [], 4000);
    expect(copy.joined).toEqual({ dataDir: ownerDir, host: hostname() });
    expect(copy.chain.rpcUrl).toBe(owner.chain.rpcUrl);
    expect(copy.chain.contracts).toEqual(owner.chain.contracts);
    expect(copy.config.chains.paymentRecipient).toBe(owner.config.chains.paymentRecipient);
    // Its own explorer pages; no anvil of its own, nor any chain state in its DATA_DIR.
    expect(copy.chain.explorerUrl).toBe('http://127.0.0.1:4000/dev/explorer');
    expect(existsSync(path.join(copyDir, ANVIL_PID_FILE))).toBe(false);
    expect(existsSync(path.join(copyDir, STATE_FILE))).toBe(false);

    // What one process does on the chain, the other sees: it is one chain.
    const player = anvilClients({ rpcUrl: copy.chain.rpcUrl, chainId: copy.chain.id }, 1);
    const hash = await player.walletClient.writeContract({
      address: copy.chain.contracts.usdc!,
      abi: testUsdcAbi,
      functionName: 'transfer',
      args: [copy.treasury, 3n * 10n ** 6n],
    });
    await player.publicClient.waitForTransactionReceipt({ hash });
    const seen = anvilClients({ rpcUrl: owner.chain.rpcUrl, chainId: owner.chain.id }, 0);
    expect((await seen.publicClient.getTransactionReceipt({ hash })).status).toBe('success');

    // A copy that stops leaves the chain to its owner.
    await stop(copy);
    expect(await genesisHashAt(owner.chain.rpcUrl)).not.toBeNull();

    const worker = await joinRegisteredLocalChain(copyConfig(newDataDir()), database.db);
    expect(worker.joined).toEqual({ dataDir: ownerDir, host: hostname() });
    expect(worker.config.chains.chains).toEqual([
      expect.objectContaining({ rpcUrl: owner.chain.rpcUrl, contracts: owner.chain.contracts }),
    ]);
  }, 180_000);

  it('copies starting at once: one starts the chain, the others wait for it and join', async () => {
    const copies = await Promise.all([provide(newDataDir()), provide(newDataDir()), provide(newDataDir())]);
    const owners = copies.filter((c) => c.joined === null);
    expect(owners).toHaveLength(1);
    const [owner] = owners;
    for (const copy of copies) {
      expect(copy.chain.rpcUrl).toBe(owner!.chain.rpcUrl);
      expect(copy.chain.contracts).toEqual(owner!.chain.contracts);
    }
    expect((await registration())?.rpcUrl).toBe(owner!.chain.rpcUrl);
  }, 180_000);

  it('a worker refuses to start when no chain is registered, or the registered one is not running', async () => {
    const none = await refusal(joinRegisteredLocalChain(copyConfig(newDataDir()), database.db));
    expect(none).toBeInstanceOf(LocalChainError);
    expect((none as Error).message).toBe(
      'No local chain is running for this database: start the API first (npm start) or the chain alone (npm run chain), ' +
        'or configure the chain with CHAIN_IDS and CHAIN_<ID>_* in every process.',
    );
    expect(NO_LOCAL_CHAIN).toBe((none as Error).message);

    const ownerDir = newDataDir();
    const owner = await provide(ownerDir);
    await stop(owner);
    const gone = await refusal(joinRegisteredLocalChain(copyConfig(newDataDir()), database.db));
    expect((gone as Error).message).toBe(
      `The local chain of this database runs from DATA_DIR ${ownerDir} on ${hostname()}, and it does not answer at ${owner.chain.rpcUrl}: ` +
        'start that copy again (npm start, or npm run chain, with that DATA_DIR), or configure the chain with CHAIN_IDS and CHAIN_<ID>_* in every process.',
    );
  }, 180_000);

  it('a copy refuses while the owner is stopped; the owner’s restart brings the chain back, with its state, for everyone', async () => {
    const ownerDir = newDataDir();
    const first = await provide(ownerDir);
    const player = anvilClients({ rpcUrl: first.chain.rpcUrl, chainId: first.chain.id }, 1);
    const hash = await player.walletClient.writeContract({
      address: first.chain.contracts.usdc!,
      abi: testUsdcAbi,
      functionName: 'transfer',
      args: [first.treasury, 5n * 10n ** 6n],
    });
    await player.publicClient.waitForTransactionReceipt({ hash });
    const genesis = await genesisHashAt(first.chain.rpcUrl);
    await stop(first);

    // Another DATA_DIR has no state of that chain: starting a chain of its own would fork it.
    const refused = await refusal(provide(newDataDir()));
    expect(refused).toBeInstanceOf(LocalChainError);
    expect((refused as Error).message).toBe(chainNotRunning((await registration())!));
    expect(await genesisHashAt(first.chain.rpcUrl)).toBeNull();

    const again = await provide(ownerDir);
    expect(again.joined).toBeNull();
    expect(again.freshDeployment).toBe(false);
    expect(again.chain.contracts).toEqual(first.chain.contracts);
    // A free port each start here (LOCAL_CHAIN_PORT=0): the registration follows it.
    expect((await registration())?.rpcUrl).toBe(again.chain.rpcUrl);
    expect(await genesisHashAt(again.chain.rpcUrl)).toBe(genesis);
    const copy = await provide(newDataDir());
    expect(copy.joined?.dataDir).toBe(ownerDir);
    const receipt = await anvilClients(
      { rpcUrl: copy.chain.rpcUrl, chainId: copy.chain.id },
      0,
    ).publicClient.getTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
  }, 180_000);

  it('the owner’s start takes back the anvil its killed server left running, and registers it again', async () => {
    const ownerDir = newDataDir();
    // The first server is SIGKILLed: its anvil keeps running, recorded as this process's.
    const orphan = await provideLocalChain(copyConfig(ownerDir), { warn: () => {} });
    running.push(orphan); // stopped by the next start; here only should the test fail before it
    const genesis = await genesisHashAt(orphan.chain.rpcUrl);
    const warnings: string[] = [];
    const next = await provide(ownerDir, warnings);
    expect(next.joined).toBeNull();
    expect(warnings).toEqual([expect.stringContaining('that an earlier start left running; its state was kept.')]);
    expect(await genesisHashAt(orphan.chain.rpcUrl)).toBeNull();
    expect(await genesisHashAt(next.chain.rpcUrl)).toBe(genesis);
    expect((await registration())?.rpcUrl).toBe(next.chain.rpcUrl);
  }, 180_000);

  it('a registration whose DATA_DIR is gone from this machine is taken over, and says so', async () => {
    const lostDir = newDataDir();
    await stop(await provide(lostDir));
    rmSync(lostDir, { recursive: true, force: true });

    const newDir = newDataDir();
    const warnings: string[] = [];
    const chain = await provide(newDir, warnings);
    expect(chain.joined).toBeNull();
    expect(warnings).toEqual([
      `The local chain of this database ran from DATA_DIR ${lostDir}, which no longer holds it: this copy starts a new local chain and registers it.`,
    ]);
    expect((await registration())?.owner).toEqual({ dataDir: newDir, host: hostname() });
  }, 180_000);
});
