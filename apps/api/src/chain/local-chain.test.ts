// Over 300 lines: one file for the local chain's whole life (start, restart with state, leftovers of a killed server), which share one anvil set-up.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  anvilBinaryPath,
  anvilClients,
  freePort,
  ginTokenAbi,
  houseUnitsAbi,
  landCollectionNftAbi,
  testUsdcAbi,
  unitStakingAbi,
} from '@starport/chain';
import type { Address } from 'viem';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LOCAL_CHAIN_ID } from './chain-config.ts';
import { loadConfig, type Config } from '../config.ts';
import { ANVIL_PID_FILE, isAnvilOnStateFile } from './local-anvil-pid.ts';
import { DEPLOYMENT_FILE } from './local-deployment.ts';
import { DEMO_GIN, DEMO_REWARD_POOL, DEMO_UNITS_PER_TYPE, DEMO_USDC, UNIT_TYPES } from './local-funding.ts';
import { LocalChainError, startLocalChain, STATE_FILE, type LocalChain } from './local-chain.ts';
import { localAddress } from './local-wallets.ts';

const dirs: string[] = [];
const running: LocalChain[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop()));
});
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function localConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1:3999',
    JWT_ACCESS_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOCAL_CHAIN_PORT: '0',
    ...env,
  });
}

async function start(dataDir: string, warnings: string[] = []): Promise<LocalChain> {
  const chain = await startLocalChain(localConfig(dataDir), { warn: (m) => warnings.push(m) });
  running.push(chain);
  return chain;
}

async function stop(chain: LocalChain) {
  running.splice(running.indexOf(chain), 1);
  await chain.stop();
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function reader(chain: LocalChain) {
  const { publicClient } = anvilClients({ rpcUrl: chain.chain.rpcUrl, chainId: chain.chain.id });
  const c = chain.chain.contracts;
  return {
    publicClient,
    usdc: (owner: Address) =>
      publicClient.readContract({ address: c.usdc!, abi: testUsdcAbi, functionName: 'balanceOf', args: [owner] }),
    gin: (owner: Address) =>
      publicClient.readContract({ address: c.gin!, abi: ginTokenAbi, functionName: 'balanceOf', args: [owner] }),
    units: (owner: Address, id: bigint) =>
      publicClient.readContract({
        address: c.houseUnits!,
        abi: houseUnitsAbi,
        functionName: 'balanceOf',
        args: [owner, id],
      }),
    rewardPool: () =>
      publicClient.readContract({ address: c.unitStaking!, abi: unitStakingAbi, functionName: 'rewardPool' }),
    minterRole: () => publicClient.readContract({ address: c.landCollectionNft!, abi: landCollectionNftAbi, functionName: 'MINTER_ROLE' }),
    isLandMinter: async (who: Address) =>
      publicClient.readContract({
        address: c.landCollectionNft!,
        abi: landCollectionNftAbi,
        functionName: 'hasRole',
        args: [await publicClient.readContract({ address: c.landCollectionNft!, abi: landCollectionNftAbi, functionName: 'MINTER_ROLE' }), who],
      }),
  };
}

describe('startLocalChain', () => {
  it('deploys and funds on a fresh DATA_DIR; a restart reuses the deployment and keeps balances', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'starport-local-chain-'));
    dirs.push(dataDir);

    const first = await start(dataDir);
    expect(first.freshDeployment).toBe(true);
    expect(first.chain).toMatchObject({
      id: LOCAL_CHAIN_ID,
      name: 'Starport local',
      confirmations: 1,
      nativeSymbol: 'ETH',
      explorerUrl: 'http://127.0.0.1:3999/dev/explorer',
    });
    expect(first.chain.publicRpcUrl).toBe(first.chain.rpcUrl);
    expect(first.chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const contracts = Object.values(first.chain.contracts);
    expect(contracts).toHaveLength(7);
    for (const a of contracts) expect(a).toBe(a.toLowerCase());

    // The returned configuration points everything at this chain.
    const treasury = localAddress(9);
    expect(first.treasury).toBe(treasury);
    expect(first.config.chains).toMatchObject({
      chains: [first.chain],
      paymentChainId: LOCAL_CHAIN_ID,
      unitsChainId: LOCAL_CHAIN_ID,
      paymentRecipient: treasury,
    });
    expect(first.config.unitsChain).toEqual({
      name: 'Base',
      contractAddress: first.chain.contracts.houseUnits,
      explorerUrl: first.chain.explorerUrl,
    });

    // Demo wallets are accounts 1–3 with working keys, funded from the chain's point of view.
    expect(first.demoWallets.map((w) => w.address)).toEqual([1, 2, 3].map(localAddress));
    const read = reader(first);
    for (const w of first.demoWallets) {
      expect(w.privateKey).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await read.usdc(w.address)).toBe(DEMO_USDC);
      expect(await read.gin(w.address)).toBe(DEMO_GIN);
      for (const id of UNIT_TYPES) expect(await read.units(w.address, id)).toBe(DEMO_UNITS_PER_TYPE);
    }
    expect(await read.usdc(treasury)).toBe(0n);
    expect(await read.rewardPool()).toBe(DEMO_REWARD_POOL);

    // A player pays 25 USDC to the treasury: the restart must keep that, not re-fund.
    const player = anvilClients({ rpcUrl: first.chain.rpcUrl, chainId: LOCAL_CHAIN_ID }, 1);
    const hash = await player.walletClient.writeContract({
      address: first.chain.contracts.usdc!,
      abi: testUsdcAbi,
      functionName: 'transfer',
      args: [treasury, 25n * 10n ** 6n],
    });
    await player.publicClient.waitForTransactionReceipt({ hash });
    // The server's minter (account 8) mints on this chain; a deployment kept from before it had
    // the role (revoked here to stand for one) is granted it again on the next start.
    expect(first.config.chains.nftChainId).toBe(LOCAL_CHAIN_ID);
    expect(Object.keys(first.config.chains.minterKeys)).toEqual([String(LOCAL_CHAIN_ID)]);
    expect(await read.isLandMinter(localAddress(8))).toBe(true);
    const deployer = anvilClients({ rpcUrl: first.chain.rpcUrl, chainId: LOCAL_CHAIN_ID }, 0);
    const role = await read.minterRole();
    const revoked = await deployer.walletClient.writeContract({
      address: first.chain.contracts.landCollectionNft!,
      abi: landCollectionNftAbi,
      functionName: 'revokeRole',
      args: [role, localAddress(8)],
    });
    await deployer.publicClient.waitForTransactionReceipt({ hash: revoked });
    expect(await read.isLandMinter(localAddress(8))).toBe(false);
    await stop(first);
    expect(isAlive(first.pid)).toBe(false);
    expect(existsSync(path.join(dataDir, STATE_FILE))).toBe(true);

    const second = await start(dataDir);
    expect(second.freshDeployment).toBe(false);
    expect(second.chain.contracts).toEqual(first.chain.contracts);
    const again = reader(second);
    expect(await again.usdc(second.demoWallets[0]!.address)).toBe(DEMO_USDC - 25n * 10n ** 6n);
    expect(await again.usdc(treasury)).toBe(25n * 10n ** 6n);
    expect(await again.gin(second.demoWallets[1]!.address)).toBe(DEMO_GIN);
    const receipt = await again.publicClient.getTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(await again.isLandMinter(localAddress(8))).toBe(true);
    await stop(second);

    // A state file anvil cannot read is moved aside; the recorded contracts have no code on the
    // fresh chain, so everything is deployed and funded again.
    writeFileSync(path.join(dataDir, STATE_FILE), '{"broken');
    const warnings: string[] = [];
    const third = await start(dataDir, warnings);
    expect(warnings).toEqual([expect.stringContaining('moved it to')]);
    expect(third.freshDeployment).toBe(true);
    expect(await reader(third).usdc(treasury)).toBe(0n);
    expect(await reader(third).usdc(third.demoWallets[0]!.address)).toBe(DEMO_USDC);
    const recorded = JSON.parse(readFileSync(path.join(dataDir, DEPLOYMENT_FILE), 'utf8'));
    expect(recorded.addresses.testUsdc.toLowerCase()).toBe(third.chain.contracts.usdc);
  }, 180_000);

  it('stops the anvil a killed server left running, keeping its state, and never signals a process that is not that anvil', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'starport-local-chain-'));
    dirs.push(dataDir);
    // The server is SIGKILLed: nothing stops its anvil, which goes on holding the chain in memory.
    const orphan = await startLocalChain(localConfig(dataDir), { warn: () => {} });
    const player = anvilClients({ rpcUrl: orphan.chain.rpcUrl, chainId: LOCAL_CHAIN_ID }, 1);
    const hash = await player.walletClient.writeContract({
      address: orphan.chain.contracts.usdc!,
      abi: testUsdcAbi,
      functionName: 'transfer',
      args: [orphan.treasury, 7n * 10n ** 6n],
    });
    await player.publicClient.waitForTransactionReceipt({ hash });
    // The server that started it (here: this process, as if it had been killed) is recorded with it.
    expect(JSON.parse(readFileSync(path.join(dataDir, ANVIL_PID_FILE), 'utf8'))).toEqual({
      anvil: orphan.pid,
      server: process.pid,
    });

    const warnings: string[] = [];
    const next = await start(dataDir, warnings);
    expect(warnings).toEqual([
      `Stopped the local chain (anvil, pid ${orphan.pid}) that an earlier start left running; its state was kept.`,
    ]);
    expect(isAlive(orphan.pid)).toBe(false);
    expect(next.freshDeployment).toBe(false);
    expect(await reader(next).usdc(orphan.treasury)).toBe(7n * 10n ** 6n);
    expect(JSON.parse(readFileSync(path.join(dataDir, ANVIL_PID_FILE), 'utf8'))).toMatchObject({ anvil: next.pid });
    await stop(next);
    expect(existsSync(path.join(dataDir, ANVIL_PID_FILE))).toBe(false);

    // A recorded pid that now belongs to some other process is left alone.
    const bystander = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(dataDir, ANVIL_PID_FILE), JSON.stringify({ anvil: bystander.pid, server: process.pid }));
      const quiet: string[] = [];
      await stop(await start(dataDir, quiet));
      expect(quiet).toEqual([]);
      expect(bystander.exitCode === null && bystander.signalCode === null && isAlive(bystander.pid!)).toBe(true);
    } finally {
      bystander.kill('SIGKILL');
    }
  }, 180_000);

  it('leaves alone the anvil of a server that still runs on the same DATA_DIR, and says so', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'starport-local-chain-'));
    dirs.push(dataDir);
    const stateFile = path.resolve(dataDir, STATE_FILE);
    // Another server: a live process whose child is an anvil on this state file.
    const otherServer = spawn(
      'sh',
      [
        '-c',
        '"$0" --host 127.0.0.1 --port "$1" --silent --state "$2" & wait',
        anvilBinaryPath(),
        String(await freePort()),
        stateFile,
      ],
      { stdio: 'ignore' },
    );
    let anvil = 0;
    let child = 0;
    try {
      // sh forks first and the child becomes anvil only at its exec (until then it is a copy of
      // sh, whose command line names the state file too): wait until it really is anvil.
      for (let i = 0; i < 1200 && !anvil; i++) {
        child =
          Number(
            readFileSync(`/proc/${otherServer.pid}/task/${otherServer.pid}/children`, 'utf8').trim().split(' ')[0],
          ) || 0;
        if (child && isAnvilOnStateFile(child, stateFile)) anvil = child;
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(anvil).toBeGreaterThan(0);
      writeFileSync(path.join(dataDir, ANVIL_PID_FILE), JSON.stringify({ anvil, server: otherServer.pid }));
      const failure = await startLocalChain(localConfig(dataDir), { warn: () => {} }).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(LocalChainError);
      expect((failure as Error).message).toBe(
        `Another Starport (pid ${otherServer.pid}) runs the local chain of this DATA_DIR (anvil, pid ${anvil}). ` +
          'Stop it first, or give this one another DATA_DIR.',
      );
      expect(isAlive(anvil)).toBe(true);
    } finally {
      // The forked child is killed even when it never showed as anvil: nothing is left running.
      if (child && isAlive(child)) process.kill(child, 'SIGKILL');
      otherServer.kill('SIGKILL');
    }
  });

  it('stops a killed server’s anvil even when the server’s pid now belongs to another process', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'starport-local-chain-'));
    dirs.push(dataDir);
    const orphan = await startLocalChain(localConfig(dataDir), { warn: () => {} });
    const reused = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(dataDir, ANVIL_PID_FILE), JSON.stringify({ anvil: orphan.pid, server: reused.pid }));
      const warnings: string[] = [];
      await stop(await start(dataDir, warnings));
      expect(warnings).toEqual([expect.stringContaining(`Stopped the local chain (anvil, pid ${orphan.pid})`)]);
      expect(isAlive(orphan.pid)).toBe(false);
      expect(isAlive(reused.pid!)).toBe(true);
    } finally {
      reused.kill('SIGKILL');
    }
  });

  it('refuses a port already in use with a sentence, not a stack', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'starport-local-chain-'));
    dirs.push(dataDir);
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const config = localConfig(dataDir, { LOCAL_CHAIN_PORT: String(port) });
      const failure = await startLocalChain(config).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(LocalChainError);
      expect((failure as Error).message).toBe(
        `Port ${port} on 127.0.0.1 is already in use, so the local chain cannot start there (another Starport or anvil?). ` +
          'Stop that process, or set LOCAL_CHAIN_PORT to a free port (0 picks one).',
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
