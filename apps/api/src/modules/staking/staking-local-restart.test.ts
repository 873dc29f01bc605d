import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { anvilClients, houseUnitsAbi, unitStakingAbi } from '@starport/chain';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { checkedClientFor } from '../../chain/clients.ts';
import { startLocalChain, type LocalChain } from '../../chain/local-chain.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { stakingEvents } from '../../db/schema/index.ts';
import { DEFAULT_STAKING_INDEX_LIMITS, indexStaking } from './staking-indexer.ts';
import { deploymentBlock, stakingTarget } from './staking-target.ts';

// `npm start`'s second start: anvil comes back from its state file with its blocks but no
// state for past blocks, so eth_getCode at an old block fails (BlockOutOfRangeError). The
// staking indexer used to search for the deployment block that way and never ran again.
describe('the staking indexer on a local chain restarted from its state file', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starport-staking-restart-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1:3999',
    JWT_ACCESS_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOCAL_CHAIN_PORT: '0',
  });
  let chain: LocalChain | undefined;
  let database: Database | undefined;
  afterAll(async () => {
    await chain?.stop();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds the contract’s block from its first event and reads the stakes made before and after the restart', async () => {
    const first = await startLocalChain(config);
    const stake = async (local: LocalChain) => {
      const player = anvilClients({ rpcUrl: local.chain.rpcUrl, chainId: local.chain.id }, 1);
      const approval = await player.walletClient.writeContract({
        address: local.chain.contracts.houseUnits!,
        abi: houseUnitsAbi,
        functionName: 'setApprovalForAll',
        args: [local.chain.contracts.unitStaking!, true],
      });
      await player.publicClient.waitForTransactionReceipt({ hash: approval });
      const hash = await player.walletClient.writeContract({
        address: local.chain.contracts.unitStaking!,
        abi: unitStakingAbi,
        functionName: 'stake',
        args: [1n],
      });
      expect((await player.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    };
    await stake(first);
    await first.stop();

    chain = await startLocalChain(config);
    expect(chain.freshDeployment).toBe(false);
    const client = await checkedClientFor(chain.chain);
    // What the old search tripped on: past state is gone on the restored chain.
    await expect(client.getCode({ address: chain.chain.contracts.unitStaking!, blockNumber: 1n })).rejects.toThrow();
    await stake(chain);

    const target = stakingTarget(chain.config.chains);
    if ('reason' in target) throw new Error(target.reason);
    const fromBlock = await deploymentBlock(client, target);
    // The block of the contract's first event (its constructor's OwnershipTransferred).
    const [firstEvent] = await client.getLogs({ address: target.staking, fromBlock: 0n });
    expect(fromBlock).toBe(firstEvent!.blockNumber);
    expect(fromBlock).toBeGreaterThan(0n);
    database = await createTestDatabase();
    const outcome = await indexStaking(
      database.db,
      client,
      { chainId: target.chain.id, contract: target.staking, fromBlock },
      { ...DEFAULT_STAKING_INDEX_LIMITS, confirmations: 1 },
    );
    expect(outcome.caughtUp).toBe(true);
    const events = await database.db
      .select({ kind: stakingEvents.kind, unitId: stakingEvents.unitId })
      .from(stakingEvents)
      .orderBy(asc(stakingEvents.blockNumber), asc(stakingEvents.logIndex));
    // The demo funding's reward deposit, then one stake from before the restart and one after.
    expect(events).toEqual([
      { kind: 'deposited', unitId: null },
      { kind: 'staked', unitId: 1 },
      { kind: 'staked', unitId: 1 },
    ]);
  }, 180_000);
});
