import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { checkedClientFor, type ChainClient } from '../../chain/clients.ts';
import { stakingCursors, stakingEvents } from '../../db/schema/index.ts';
import { indexStaking, type StakingIndexLimits } from './staking-indexer.ts';
import { approveStaking, mintUnits, stakingCall, testClient, walletOf } from './staking.fixtures.ts';

describe('staking indexer: a re-org deeper than the confirmations', () => {
  let chain: TestChain;
  let t: TestApp;
  let client: ChainClient;
  // Small ranges, so a few blocks leave several rewind points behind.
  const limits: StakingIndexLimits = { confirmations: 2, rangeBlocks: 3n, maxRanges: 100 };
  const index = (over: Partial<StakingIndexLimits> = {}) =>
    indexStaking(t.database.db, client, { chainId: chain.anvil.chainId, contract: chain.addresses.unitStaking.toLowerCase() as `0x${string}`, fromBlock: 0n }, { ...limits, ...over });
  const indexed = async () =>
    (
      await t.database.db
        .select({ kind: stakingEvents.kind, account: stakingEvents.account, unitId: stakingEvents.unitId, block: stakingEvents.blockNumber })
        .from(stakingEvents)
        .where(eq(stakingEvents.chainId, chain.anvil.chainId))
        .orderBy(asc(stakingEvents.blockNumber), asc(stakingEvents.logIndex))
    ).map((e) => `${e.kind} ${e.account} ${e.unitId}`);

  beforeAll(async () => {
    chain = await startTestChain({ confirmations: 2 });
    t = await createTestApp({ env: chain.env });
    client = await checkedClientFor(t.config.chains.chains[0]!);
    for (const player of [1, 2, 3]) {
      await mintUnits(chain, player, 2, 1);
      await approveStaking(chain, player);
    }
  });
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  it('rewinds to a range end still on the chain, drops the lost branch’s events and reads the winning one', async () => {
    const anvil = testClient(chain);
    const who = (player: number) => walletOf(chain, player).toLowerCase();
    await stakingCall(chain, 1, 'stake', 2);
    await anvil.mine({ blocks: 6 });
    expect((await index()).caughtUp).toBe(true);
    expect(await indexed()).toEqual([`staked ${who(1)} 2`]);
    const snapshot = await anvil.snapshot();

    // The branch that will be dropped, indexed far past its confirmations.
    await stakingCall(chain, 2, 'stake', 2);
    await anvil.mine({ blocks: 10 });
    expect((await index()).caughtUp).toBe(true);
    expect(await indexed()).toEqual([`staked ${who(1)} 2`, `staked ${who(2)} 2`]);

    await anvil.revert({ id: snapshot });
    // The branch that wins: another player's stake, and longer.
    await stakingCall(chain, 3, 'stake', 2);
    await anvil.mine({ blocks: 20 });

    const rewound = await index({ maxRanges: 0 });
    expect(rewound.rewound).toBe(true);
    expect(await indexed()).toEqual([`staked ${who(1)} 2`]); // the dropped stake is gone at once
    const [cursor] = await t.database.db.select().from(stakingCursors).where(and(eq(stakingCursors.chainId, chain.anvil.chainId)));
    expect((await client.getBlock({ blockNumber: cursor!.blockNumber })).hash).toBe(cursor!.blockHash);

    expect((await index()).caughtUp).toBe(true);
    expect(await indexed()).toEqual([`staked ${who(1)} 2`, `staked ${who(3)} 2`]);
  });
});
