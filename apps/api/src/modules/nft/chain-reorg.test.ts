import { shipNftAbi } from '@starport/chain';
import { sql } from 'drizzle-orm';
import type { PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { checkedClientFor } from '../../chain/clients.ts';
import { queryRows } from '../../db/client.ts';
import { address, mintNft, testClient, transferShip } from './chain-index.fixtures.ts';
import { DEFAULT_INDEX_LIMITS, indexContract, type IndexLimits } from './chain-indexer.ts';
import { ownerOfToken } from './index.ts';

describe('chain indexer: re-orgs deeper than the confirmations, and a re-org while a range is read', () => {
  let chain: TestChain;
  let t: TestApp;
  let client: PublicClient;
  const ship = () => chain.addresses.shipNft;
  const target = () => ({ chainId: chain.anvil.chainId, contract: ship(), standard: 'erc721' as const });
  // Small ranges, so every few blocks leave a checkpoint behind.
  const limits: IndexLimits = { ...DEFAULT_INDEX_LIMITS, confirmations: 2, rangeBlocks: 3n, maxRanges: 100 };
  const index = (over: Partial<IndexLimits> = {}, via: PublicClient = client) => indexContract(t.database.db, via, target(), { ...limits, ...over });
  const owner = (tokenId: bigint) => ownerOfToken(t.database.db, chain.anvil.chainId, ship(), tokenId);
  const lower = (index: number) => address(chain, index).toLowerCase();
  const chainOwner = async (tokenId: bigint) =>
    (await client.readContract({ address: ship(), abi: shipNftAbi, functionName: 'ownerOf', args: [tokenId] })).toLowerCase();

  beforeAll(async () => {
    chain = await startTestChain({ confirmations: 2 });
    t = await createTestApp({ env: chain.env });
    client = await checkedClientFor(t.config.chains.chains[0]!);
  });
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  it('walks back its checkpoints to the fork: no ghost owner, every owner as the chain’s ownerOf says', async () => {
    const anvil = testClient(chain);
    await mintNft(chain, 'ship', 1, 11n);
    await anvil.mine({ blocks: 10 });
    const before = await index();
    expect(before.caughtUp).toBe(true);
    const common = before.cursor!; // a checkpoint with no transfer in it: only a checkpoint can find it
    const snapshot = await anvil.snapshot();

    // The branch that will be dropped: far deeper than the two confirmations.
    await transferShip(chain, 1, 2, 11n);
    await mintNft(chain, 'ship', 3, 12n);
    await anvil.mine({ blocks: 12 });
    expect((await index()).caughtUp).toBe(true);
    expect([await owner(11n), await owner(12n)]).toEqual([lower(2), lower(3)]);

    await anvil.revert({ id: snapshot });
    // The branch that wins: other owners, and longer than the one it replaces.
    await mintNft(chain, 'ship', 4, 12n);
    await transferShip(chain, 1, 5, 11n);
    await anvil.mine({ blocks: 20 });

    const rewound = await index({ maxRanges: 0 });
    expect(rewound).toMatchObject({ rewound: true, cursor: common });
    expect(await owner(12n)).toBeNull(); // the dropped mint is undone at once
    expect(await owner(11n)).toBe(lower(1));

    expect((await index()).caughtUp).toBe(true);
    for (const tokenId of [11n, 12n]) expect(await owner(tokenId)).toBe(await chainOwner(tokenId));
    expect([await owner(11n), await owner(12n)]).toEqual([lower(5), lower(4)]);
    const ghosts = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM nft_transfers WHERE to_address IN (${lower(2)}, ${lower(3)})`,
    );
    expect(ghosts[0]?.n).toBe(0);
  });

  it('writes nothing of a range whose chain re-organised while its logs were read, then reads the new branch', async () => {
    const anvil = testClient(chain);
    expect((await index()).caughtUp).toBe(true);
    const snapshot = await anvil.snapshot();
    await mintNft(chain, 'ship', 6, 21n);
    await anvil.mine({ blocks: 3 });
    // A node that answers the logs of one branch and, by the next call, is on another.
    let forked = false;
    const forking = new Proxy(client, {
      get(real, key, receiver) {
        if (key !== 'getLogs') return Reflect.get(real, key, receiver);
        return async (args: Parameters<PublicClient['getLogs']>[0]) => {
          const logs = await real.getLogs(args);
          if (!forked) {
            forked = true;
            await anvil.revert({ id: snapshot });
            await mintNft(chain, 'ship', 7, 21n);
            await anvil.mine({ blocks: 3 });
          }
          return logs;
        };
      },
    });
    const raced = await index({}, forking);
    expect(forked).toBe(true);
    expect(raced.caughtUp).toBe(false);
    expect(await owner(21n)).toBeNull();

    expect((await index()).caughtUp).toBe(true);
    expect(await owner(21n)).toBe(lower(7));
    expect(await owner(21n)).toBe(await chainOwner(21n));
  });
});
