import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { address, countRows, mintNft, mintUnits, runIndexer, testClient, transferShip, transferUnitsBatch } from './chain-index.fixtures.ts';
import { checkedClientFor } from '../../chain/clients.ts';
import { DEFAULT_INDEX_LIMITS, indexContract } from './chain-indexer.ts';
import { CHAIN_INDEX_JOB, ownerOfToken, tokensOf } from './index.ts';

describe('chain indexer: follows NFT transfers from a cursor, across restarts and re-orgs', () => {
  let chain: TestChain;
  let t: TestApp;
  const ship = () => chain.addresses.shipNft;
  const owner = (tokenId: bigint) => ownerOfToken(t.database.db, chain.anvil.chainId, ship(), tokenId);
  const lower = (index: number) => address(chain, index).toLowerCase();

  beforeAll(async () => {
    chain = await startTestChain({ confirmations: 2 });
    t = await createTestApp({ env: chain.env });
  });
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  it('indexes a mint only once it has the chain’s confirmations, then a transfer', async () => {
    await mintNft(chain, 'ship', 1, 101n);
    await runIndexer(t);
    expect(await owner(101n)).toBeNull(); // one block: not yet confirmed (2 needed)
    await testClient(chain).mine({ blocks: 1 });
    await runIndexer(t);
    expect(await owner(101n)).toBe(lower(1));

    await transferShip(chain, 1, 2, 101n);
    await testClient(chain).mine({ blocks: 1 });
    await runIndexer(t);
    expect(await owner(101n)).toBe(lower(2));
    expect((await tokensOf(t.database.db, address(chain, 2))).map((h) => [h.contract, h.tokenId, h.amount])).toEqual([[ship().toLowerCase(), '101', '1']]);
    expect(await tokensOf(t.database.db, address(chain, 1))).toEqual([]);
  });

  it('keeps ERC-1155 balances per holder and type through a batch transfer, and land tokens apart from ships', async () => {
    await mintUnits(chain, 3, 1n, 5n);
    await mintUnits(chain, 3, 2n, 2n);
    await transferUnitsBatch(chain, 3, 4, [1n, 2n], [2n, 2n]);
    await mintNft(chain, 'land', 3, 101n);
    await testClient(chain).mine({ blocks: 1 });
    await runIndexer(t);
    const units = chain.addresses.houseUnits.toLowerCase();
    const held = async (i: number) => (await tokensOf(t.database.db, address(chain, i))).map((h) => [h.contract, h.tokenId, h.amount]);
    expect(await held(4)).toEqual([[units, '1', '2'], [units, '2', '2']]);
    expect(await held(3)).toEqual(
      [[chain.addresses.landCollectionNft.toLowerCase(), '101', '1'], [units, '1', '3']].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    expect(await owner(101n)).toBe(lower(2)); // the land token 101 is another contract's
  });

  it('resumes from its cursor after a restart: nothing indexed twice, new transfers picked up', async () => {
    const before = await countRows(t, 'nft_transfers');
    const restarted = await createTestApp({ env: chain.env, database: t.database });
    try {
      await runIndexer(restarted);
      expect(await countRows(restarted, 'nft_transfers')).toBe(before);
      await transferShip(chain, 2, 5, 101n);
      await testClient(chain).mine({ blocks: 1 });
      await runIndexer(restarted);
      expect(await countRows(restarted, 'nft_transfers')).toBe(before + 1);
      expect(await owner(101n)).toBe(lower(5));
    } finally {
      await restarted.close();
    }
    // One pending run per chain and one finished row kept, however many runs and starts.
    const jobs = await queryRows<{ pending: number; done: number }>(
      t.database.db,
      sql`SELECT count(*) FILTER (WHERE done_at IS NULL)::int AS pending, count(*) FILTER (WHERE done_at IS NOT NULL)::int AS done
          FROM jobs WHERE kind = ${CHAIN_INDEX_JOB}`,
    );
    expect(jobs[0]).toEqual({ pending: 1, done: 1 });
  });

  it('two runs at once record each transfer once (the cursor moves only from where it was read)', async () => {
    await mintNft(chain, 'ship', 8, 404n);
    await transferShip(chain, 8, 9, 404n);
    await testClient(chain).mine({ blocks: 1 });
    const before = await countRows(t, 'nft_transfers');
    const client = await checkedClientFor(t.config.chains.chains[0]!);
    const target = { chainId: chain.anvil.chainId, contract: ship(), standard: 'erc721' as const };
    const limits = { ...DEFAULT_INDEX_LIMITS, confirmations: 2, rangeBlocks: 1n };
    await Promise.all([indexContract(t.database.db, client, target, limits), indexContract(t.database.db, client, target, limits)]);
    await runIndexer(t);
    expect(await countRows(t, 'nft_transfers')).toBe(before + 2);
    expect(await owner(404n)).toBe(lower(9));
  });

  it('after a re-org leaves no ghost owner: the dropped mint and transfer are undone, the new chain indexed', async () => {
    const anvil = testClient(chain);
    const snapshot = await anvil.snapshot();
    await mintNft(chain, 'ship', 1, 202n);
    await transferShip(chain, 1, 2, 202n);
    await anvil.mine({ blocks: 2 });
    await runIndexer(t);
    expect(await owner(202n)).toBe(lower(2));

    await anvil.revert({ id: snapshot });
    // The other branch: the same token goes to account 6, and the chain grows past the old head.
    await mintNft(chain, 'ship', 6, 202n);
    await anvil.mine({ blocks: 4 });
    await runIndexer(t);
    expect(await owner(202n)).toBe(lower(6));
    expect((await tokensOf(t.database.db, address(chain, 2))).filter((h) => h.tokenId === '202')).toEqual([]);
    expect(await owner(101n)).toBe(lower(5)); // what was before the fork stays
    const ghosts = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM nft_transfers WHERE token_id = 202 AND to_address = ${lower(2)}`,
    );
    expect(ghosts[0]?.n).toBe(0);
  });

  it('rewinds when the chain was cut back below its cursor (a shorter branch), then follows it', async () => {
    const anvil = testClient(chain);
    const snapshot = await anvil.snapshot();
    await mintNft(chain, 'ship', 1, 303n);
    await anvil.mine({ blocks: 5 });
    await runIndexer(t);
    expect(await owner(303n)).toBe(lower(1));
    await anvil.revert({ id: snapshot });
    await runIndexer(t);
    expect(await owner(303n)).toBeNull();
    expect(await owner(202n)).toBe(lower(6));
    await mintNft(chain, 'ship', 7, 303n);
    await anvil.mine({ blocks: 1 });
    await runIndexer(t);
    expect(await owner(303n)).toBe(lower(7));
  });
});
