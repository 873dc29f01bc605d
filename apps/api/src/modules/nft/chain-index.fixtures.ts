import { houseUnitsAbi, shipNftAbi, landCollectionNftAbi } from '@starport/chain';
import { sql } from 'drizzle-orm';
import { createTestClient, http, type Address, type Hash } from 'viem';
import type { TestChain } from '../../../test/chain-fixtures.ts';
import type { TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { CHAIN_INDEX_JOB, startChainIndexJobs } from './index.ts';

/** Test fixtures for the chain indexer: tokens moved on a real anvil, and runs of the indexer job. */

async function mined(chain: TestChain, hash: Hash): Promise<void> {
  const receipt = await chain.deployer.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
}

export const address = (chain: TestChain, index: number): Address => chain.wallet(index).account.address;

/** The deployer (MINTER_ROLE) mints a ship or land token to anvil account `to`. */
export async function mintNft(chain: TestChain, kind: 'ship' | 'land', to: number, tokenId: bigint): Promise<void> {
  const target = kind === 'ship' ? { address: chain.addresses.shipNft, abi: shipNftAbi } : { address: chain.addresses.landCollectionNft, abi: landCollectionNftAbi };
  await mined(chain, await chain.deployer.walletClient.writeContract({ ...target, functionName: 'mint', args: [address(chain, to), tokenId] }));
}

/** Anvil account `from` transfers its ship (or land) token to account `to`. */
export async function transferShip(chain: TestChain, from: number, to: number, tokenId: bigint, kind: 'ship' | 'land' = 'ship'): Promise<void> {
  const w = chain.wallet(from);
  const target = kind === 'ship' ? { address: chain.addresses.shipNft, abi: shipNftAbi } : { address: chain.addresses.landCollectionNft, abi: landCollectionNftAbi };
  await mined(chain, await w.walletClient.writeContract({ ...target, functionName: 'transferFrom', args: [w.account.address, address(chain, to), tokenId] }));
}

export async function mintUnits(chain: TestChain, to: number, type: bigint, amount: bigint): Promise<void> {
  await mined(
    chain,
    await chain.deployer.walletClient.writeContract({ address: chain.addresses.houseUnits, abi: houseUnitsAbi, functionName: 'mint', args: [address(chain, to), type, amount] }),
  );
}

export async function transferUnitsBatch(chain: TestChain, from: number, to: number, types: bigint[], amounts: bigint[]): Promise<void> {
  const w = chain.wallet(from);
  await mined(
    chain,
    await w.walletClient.writeContract({
      address: chain.addresses.houseUnits,
      abi: houseUnitsAbi,
      functionName: 'safeBatchTransferFrom',
      args: [w.account.address, address(chain, to), types, amounts, '0x'],
    }),
  );
}

export const testClient = (chain: TestChain) => createTestClient({ mode: 'anvil', transport: http(chain.anvil.rpcUrl) });

/** Starts the indexer job (as a process start does), makes its pending run due, and runs what is due. */
export async function runIndexer(t: TestApp): Promise<void> {
  await startChainIndexJobs(t.database.db, t.config.chains);
  await t.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind = ${CHAIN_INDEX_JOB} AND done_at IS NULL AND failed_at IS NULL`);
  await t.drainJobs();
}

export async function countRows(t: TestApp, table: 'nft_transfers' | 'nft_owners' | 'chain_cursors'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`);
  return Number(row?.n ?? 0);
}
