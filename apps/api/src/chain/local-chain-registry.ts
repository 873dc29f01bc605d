import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { localChains } from '../db/schema/index.ts';
import {
  CHAIN_CONTRACTS,
  LOCAL_CHAIN_ID,
  type Address,
  type ChainContractName,
  type ChainContracts,
} from './chain-config.ts';

/**
 * The database's record of its local chain (docs/decisions/0033): which process runs it and
 * how the others reach it. Read and written under one advisory lock, so of several processes
 * starting at once, one starts the chain and the others wait, then join it.
 */
export type ChainOwner = { dataDir: string; host: string };
export type LocalChainRegistration = {
  rpcUrl: string;
  genesisHash: string;
  contracts: ChainContracts;
  treasury: Address;
  owner: ChainOwner;
};

/** Not the migrations' lock (client.ts): a start waiting for the chain must not hold those up. */
const REGISTRY_LOCK = 7321002;

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((a) => a.toLowerCase() as Address);
const ContractsSchema = z.partialRecord(
  z.enum(Object.keys(CHAIN_CONTRACTS) as [ChainContractName, ...ChainContractName[]]),
  address,
);

/**
 * Runs `work` in a transaction holding the registry's lock; a process that dies mid-way (its
 * anvil half deployed) lets go of it with its connection, and registered nothing.
 */
export function withRegistryLock<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${REGISTRY_LOCK})`);
    return work(tx);
  });
}

export async function readRegistration(tx: Tx): Promise<LocalChainRegistration | null> {
  const [row] = await tx.select().from(localChains).where(eq(localChains.chainId, LOCAL_CHAIN_ID));
  if (!row) return null;
  return {
    rpcUrl: row.rpcUrl,
    genesisHash: row.genesisHash,
    contracts: ContractsSchema.parse(row.contracts),
    treasury: address.parse(row.treasury),
    owner: { dataDir: row.ownerDataDir, host: row.ownerHost },
  };
}

/** Records the chain this process now runs, replacing an earlier start's record. */
export async function register(tx: Tx, registration: LocalChainRegistration): Promise<void> {
  const row = {
    rpcUrl: registration.rpcUrl,
    genesisHash: registration.genesisHash,
    contracts: registration.contracts,
    treasury: registration.treasury,
    ownerDataDir: registration.owner.dataDir,
    ownerHost: registration.owner.host,
    registeredAt: new Date(),
  };
  await tx
    .insert(localChains)
    .values({ chainId: LOCAL_CHAIN_ID, ...row })
    .onConflictDoUpdate({ target: localChains.chainId, set: row });
}
