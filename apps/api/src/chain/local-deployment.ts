import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  deployOptionsFor,
  deployAll,
  landCollectionNftAbi,
  houseUnitsAbi,
  shipNftAbi,
  type ChainClients,
  type DeployedAddresses,
} from '@starport/chain';
import { z } from 'zod';
import type { Address, ChainContracts } from './chain-config.ts';

/** Where the local chain's contract addresses are kept between restarts (beside its state file). */
export const DEPLOYMENT_FILE = 'chain-deployment.json';

const hexAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((a) => a as Address);
const DeploymentFileSchema = z.object({
  chainId: z.number().int(),
  deployedAt: z.string(),
  addresses: z.object({
    shipNft: hexAddress,
    landCollectionNft: hexAddress,
    houseUnits: hexAddress,
    unitStaking: hexAddress,
    rewardToken: hexAddress,
    testUsdc: hexAddress,
    ginToken: hexAddress,
  }),
});

/**
 * The deployment named in DATA_DIR when every one of its contracts still has code on this
 * chain; undefined when there is none, it is unreadable, or the chain lost it (a state file
 * removed, or anvil killed before it could write one): then everything is deployed afresh.
 */
export async function reusableDeployment(
  clients: ChainClients,
  dataDir: string,
): Promise<DeployedAddresses | undefined> {
  const file = path.join(dataDir, DEPLOYMENT_FILE);
  if (!existsSync(file)) return undefined;
  let saved: z.output<typeof DeploymentFileSchema>;
  try {
    saved = DeploymentFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
  if (saved.chainId !== clients.chain.id) return undefined;
  for (const address of Object.values(saved.addresses)) {
    const code = await clients.publicClient.getCode({ address });
    if (!code || code === '0x') return undefined;
  }
  return saved.addresses;
}

/** Deploys every contract, with token URIs served by this server (`/api/nft/...`), and `minter` allowed to mint. */
export function deployContracts(clients: ChainClients, publicUrl: string, minter: Address): Promise<DeployedAddresses> {
  return deployAll(clients, { ...deployOptionsFor(publicUrl), minter });
}

/**
 * Grants MINTER_ROLE to `minter` where it lacks it: a deployment kept from before the server
 * had a minter of its own is brought up to date instead of being deployed again.
 */
export async function ensureMinterRole(clients: ChainClients, addresses: DeployedAddresses, minter: Address): Promise<void> {
  for (const [address, abi] of [
    [addresses.shipNft, shipNftAbi],
    [addresses.landCollectionNft, landCollectionNftAbi],
    [addresses.houseUnits, houseUnitsAbi],
  ] as const) {
    const role = await clients.publicClient.readContract({ address, abi, functionName: 'MINTER_ROLE' });
    if (await clients.publicClient.readContract({ address, abi, functionName: 'hasRole', args: [role, minter] })) continue;
    const hash = await clients.walletClient.writeContract({ address, abi, functionName: 'grantRole', args: [role, minter] });
    const receipt = await clients.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`granting MINTER_ROLE (${hash}) reverted`);
  }
}

/** Names the deployment in DATA_DIR for the next start (reusableDeployment). */
export function recordDeployment(dataDir: string, chainId: number, addresses: DeployedAddresses): void {
  const record: z.input<typeof DeploymentFileSchema> = { chainId, deployedAt: new Date().toISOString(), addresses };
  // Written whole then renamed, so a crash never leaves half a file behind.
  const file = path.join(dataDir, DEPLOYMENT_FILE);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** The deployment under the configuration's contract names, lower-cased. */
export function contractsOf(addresses: DeployedAddresses): ChainContracts {
  const lower = (a: string) => a.toLowerCase() as Address;
  return {
    usdc: lower(addresses.testUsdc),
    gin: lower(addresses.ginToken),
    houseUnits: lower(addresses.houseUnits),
    unitStaking: lower(addresses.unitStaking),
    shipNft: lower(addresses.shipNft),
    landCollectionNft: lower(addresses.landCollectionNft),
    rewardToken: lower(addresses.rewardToken),
  };
}
