import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { anvilClients, startAnvil, type AnvilInstance } from '@starport/chain';
import { LOCAL_CHAIN_ID, type Address, type ChainSetup } from './chain-config.ts';
import { ConfigError, type Config } from '../config.ts';
import { AnvilInUse, forgetAnvilPid, recordAnvilPid, stopLeftoverAnvil } from './local-anvil-pid.ts';
import { localChainSetup, withLocalChain } from './local-chain-config.ts';
import { contractsOf, deployContracts, ensureMinterRole, recordDeployment, reusableDeployment } from './local-deployment.ts';
import { fundDemoWallets } from './local-funding.ts';
import { DEPLOYER_INDEX, demoWallets, localAddress, MINTER_INDEX, TREASURY_INDEX, type DemoWallet } from './local-wallets.ts';

/** anvil's state (balances, contracts, blocks) between restarts, in DATA_DIR. */
export const STATE_FILE = 'chain-state.json';

/**
 * A reason the local chain cannot start, worded for the person running `npm start`. A kind of
 * ConfigError, so every entry point prints it as the one sentence it is (the worker included).
 */
export class LocalChainError extends ConfigError {}

export type LocalChain = {
  chain: ChainSetup;
  /** the configuration with the local chain as its only chain (withLocalChain) */
  config: Config;
  demoWallets: DemoWallet[];
  treasury: Address;
  /** true when this start deployed the contracts and funded the demo wallets */
  freshDeployment: boolean;
  pid: number;
  /** ends anvil and waits while it writes its state file */
  stop(): Promise<void>;
};

export type LocalChainOptions = {
  warn?: (message: string) => void;
  /** anvil's pid as soon as it runs, before the deployment: a caller that exits early can still end it */
  onAnvilStarted?: (pid: number) => void;
};

/**
 * `npm start`'s chain (ARCHITECTURE.md, embedded defaults): anvil on 127.0.0.1 with its state
 * in DATA_DIR, every contract deployed once, the demo wallets funded once; a restart finds the
 * same contracts and balances.
 */
export async function startLocalChain(config: Config, options: LocalChainOptions = {}): Promise<LocalChain> {
  const local = config.chains.local;
  if (!local) throw new Error('startLocalChain needs config.chains.local (LOCAL_CHAIN)');
  mkdirSync(config.dataDir, { recursive: true });
  // Absolute: the leftover check compares it with anvil's command line from an earlier start.
  const stateFile = path.resolve(config.dataDir, STATE_FILE);
  const warn = options.warn ?? console.warn;
  const leftover = await stopLeftoverAnvil(config.dataDir, stateFile).catch((err: unknown) => {
    if (err instanceof AnvilInUse) throw new LocalChainError(err.message);
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
    // That anvil belongs to another user.
    throw new LocalChainError(
      'An earlier local chain (anvil) of this DATA_DIR is still running and belongs to another user, so it cannot be stopped from here. Stop it yourself, then start again.',
    );
  });
  if (leftover !== null)
    warn(`Stopped the local chain (anvil, pid ${leftover}) that an earlier start left running; its state was kept.`);
  // 0: anvil binds a free port itself and says which (startAnvil).
  const port = local.port === 0 ? 0 : await ensurePortFree(local.port);
  const started = await startKeepingState(port, stateFile, warn);
  recordAnvilPid(config.dataDir, started.pid);
  const anvil = { ...started, stop: () => started.stop().then(() => forgetAnvilPid(config.dataDir)) };
  options.onAnvilStarted?.(anvil.pid);
  try {
    const deployer = anvilClients(anvil, DEPLOYER_INDEX);
    const wallets = demoWallets();
    let addresses = await reusableDeployment(deployer, config.dataDir);
    const freshDeployment = !addresses;
    const minter = localAddress(MINTER_INDEX);
    if (addresses) await ensureMinterRole(deployer, addresses, minter);
    else {
      addresses = await deployContracts(deployer, config.publicUrl, minter);
      await fundDemoWallets(
        deployer,
        addresses,
        wallets.map((w) => w.address),
      );
      // Recorded only once funded: an interrupted start deploys and funds again from scratch.
      recordDeployment(config.dataDir, anvil.chainId, addresses);
    }
    const chain = localChainSetup(anvil.rpcUrl, config.publicUrl, contractsOf(addresses));
    const treasury = localAddress(TREASURY_INDEX);
    return {
      chain,
      config: withLocalChain(config, chain, treasury),
      demoWallets: wallets,
      treasury,
      freshDeployment,
      pid: anvil.pid,
      stop: () => anvil.stop(),
    };
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}

/**
 * A port already taken must be refused before anvil starts: another anvil there would answer
 * eth_chainId 31337 and pass for ours, and a server that never answers would hold the start.
 */
function ensurePortFree(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new LocalChainError(
              `Port ${port} on 127.0.0.1 is already in use, so the local chain cannot start there ` +
                '(another Starport or anvil?). Stop that process, or set LOCAL_CHAIN_PORT to a free port (0 picks one).',
            )
          : new LocalChainError(`The local chain cannot use port ${port} on 127.0.0.1: ${err.message}`),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(port)));
  });
}

/** Starts anvil on the state file; a file anvil cannot read is moved aside once, with a warning. */
async function startKeepingState(
  port: number,
  stateFile: string,
  warn: (message: string) => void,
): Promise<AnvilInstance> {
  const start = () => startAnvil({ port, chainId: LOCAL_CHAIN_ID, stateFile, startTimeoutMs: 60_000 });
  const where = port === 0 ? 'a free port on 127.0.0.1' : `127.0.0.1:${port}`;
  try {
    return await start();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (!existsSync(stateFile) || !message.includes('--state')) {
      throw new LocalChainError(`The local chain (anvil) did not start on ${where}: ${message}`);
    }
    const aside = `${stateFile}.unreadable-${Date.now()}`;
    renameSync(stateFile, aside);
    warn(`anvil could not read its state file; moved it to ${aside} and started a fresh local chain.`);
    try {
      return await start();
    } catch (again) {
      throw new LocalChainError(
        `The local chain (anvil) did not start on ${where}: ${(again as Error).message}`,
      );
    }
  }
}
