import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { genesisHashAt } from './genesis.ts';
import { localAnvilState } from './local-anvil-pid.ts';
import { localChainSetup, withLocalChain } from './local-chain-config.ts';
import {
  readRegistration,
  register,
  withRegistryLock,
  type ChainOwner,
  type LocalChainRegistration,
} from './local-chain-registry.ts';
import {
  LocalChainError,
  startLocalChain,
  STATE_FILE,
  type LocalChain,
  type LocalChainOptions,
} from './local-chain.ts';
import { DEPLOYMENT_FILE } from './local-deployment.ts';
import { demoWallets } from './local-wallets.ts';

/**
 * One local chain per database (docs/decisions/0033). On PostgreSQL several processes share the
 * database: the first to start runs anvil and registers it there, every later copy and worker
 * joins that chain, so all of them see the same contracts, balances and transfers. The
 * embedded database is one process's, which runs its own chain as before.
 */
export type SharedLocalChain = Omit<LocalChain, 'pid'> & {
  /** who runs the chain when this process only joined it (its stop() then leaves it running) */
  joined: ChainOwner | null;
};

export const NO_LOCAL_CHAIN =
  'No local chain is running for this database: start the API first (npm start) or the chain alone (npm run chain), ' +
  'or configure the chain with CHAIN_IDS and CHAIN_<ID>_* in every process.';

/** The refusal when the registered chain's process is gone: only it has the chain's state. */
export function chainNotRunning({ owner, rpcUrl }: LocalChainRegistration): string {
  return (
    `The local chain of this database runs from DATA_DIR ${owner.dataDir} on ${owner.host}, and it does not answer at ${rpcUrl}: ` +
    'start that copy again (npm start, or npm run chain, with that DATA_DIR), or configure the chain with CHAIN_IDS and CHAIN_<ID>_* in every process.'
  );
}

/**
 * `npm start` and `npm run chain`: the local chain this process uses, started here or joined.
 * On PostgreSQL the decision is taken under the registry's lock, so copies starting at once
 * wait for the first one's anvil rather than each starting their own.
 */
export async function provideLocalChain(config: Config, options: LocalChainOptions = {}): Promise<SharedLocalChain> {
  if (!config.databaseUrl) return { ...(await startLocalChain(config, options)), joined: null };
  // Short-lived, for the registry's lock only: it must not count a full pool against max_connections.
  const database = await openDatabase({ url: config.databaseUrl, poolMax: 2 });
  let started: LocalChain | undefined;
  try {
    return await withRegistryLock(database.db, async (tx) => {
      const registration = await readRegistration(tx);
      const next = await nextStep(registration, ownerOf(config));
      if (next.step === 'refuse') throw new LocalChainError(next.message);
      if (next.step === 'join') return joined(config, next.registration);
      if (next.warning) (options.warn ?? console.warn)(next.warning);
      started = await startLocalChain(config, options);
      const genesisHash = await genesisHashAt(started.chain.rpcUrl);
      if (!genesisHash)
        throw new LocalChainError(`The local chain (anvil) started but does not answer at ${started.chain.rpcUrl}.`);
      const { chain, treasury } = started;
      await register(tx, {
        rpcUrl: chain.rpcUrl,
        genesisHash,
        contracts: chain.contracts,
        treasury,
        owner: ownerOf(config),
      });
      return { ...started, joined: null };
    });
  } catch (err) {
    // Registered only on commit: a chain nobody can find must not outlive this start.
    await started?.stop();
    throw err;
  } finally {
    await database.close();
  }
}

/**
 * `npm run worker`: the registered chain, which must be running. A worker never starts one: it
 * would be a chain of its own, unknown to the API copies. Waits while a copy is starting it.
 */
export async function joinRegisteredLocalChain(config: Config, db: Db): Promise<SharedLocalChain> {
  const registration = await withRegistryLock(db, readRegistration);
  if (!registration) throw new LocalChainError(NO_LOCAL_CHAIN);
  if ((await genesisHashAt(registration.rpcUrl)) !== registration.genesisHash)
    throw new LocalChainError(chainNotRunning(registration));
  return joined(config, registration);
}

type NextStep =
  | { step: 'start'; warning?: string }
  | { step: 'join'; registration: LocalChainRegistration }
  | { step: 'refuse'; message: string };

async function nextStep(registration: LocalChainRegistration | null, self: ChainOwner): Promise<NextStep> {
  if (!registration) return { step: 'start' };
  const ours = registration.owner.dataDir === self.dataDir && registration.owner.host === self.host;
  if ((await genesisHashAt(registration.rpcUrl)) === registration.genesisHash) {
    // It runs: join it, unless it is this DATA_DIR's anvil that a killed server left running,
    // which this start takes back (startLocalChain stops it, keeping its state, and restarts it).
    const leftOver = ours && localAnvilState(self.dataDir, path.resolve(self.dataDir, STATE_FILE)) === 'left-over';
    return leftOver ? { step: 'start' } : { step: 'join', registration };
  }
  // Not running: only the DATA_DIR with its state may start it again.
  if (ours) return { step: 'start' };
  if (registration.owner.host === self.host && !existsSync(path.join(registration.owner.dataDir, DEPLOYMENT_FILE))) {
    // That DATA_DIR is gone from this machine, and the chain with it: nothing could restart it.
    return {
      step: 'start',
      warning: `The local chain of this database ran from DATA_DIR ${registration.owner.dataDir}, which no longer holds it: this copy starts a new local chain and registers it.`,
    };
  }
  return { step: 'refuse', message: chainNotRunning(registration) };
}

const ownerOf = (config: Config): ChainOwner => ({ dataDir: config.dataDir, host: hostname() });

/** The registered chain as this process's configuration; the chain stays its owner's to stop. */
function joined(config: Config, registration: LocalChainRegistration): SharedLocalChain {
  const chain = localChainSetup(registration.rpcUrl, config.publicUrl, registration.contracts);
  return {
    chain,
    config: withLocalChain(config, chain, registration.treasury),
    demoWallets: demoWallets(),
    treasury: registration.treasury,
    freshDeployment: false,
    joined: registration.owner,
    stop: async () => {},
  };
}
