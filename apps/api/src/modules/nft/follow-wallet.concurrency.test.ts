import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { addShip } from '../../../test/catalogue-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { grantShips } from '../assets/index.ts';
import { recordRange } from './chain-index.repo.ts';
import { address } from './chain-index.fixtures.ts';
import { followTokens } from './follow-tokens.ts';

const ZERO = '0x0000000000000000000000000000000000000000';

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide this race.
describe('on PostgreSQL: a link and an indexer write about the same wallet, at once', () => {
  let chain: TestChain;
  let t: TestApp;
  beforeAll(async () => {
    chain = await startTestChain({ confirmations: 1 });
    t = await createTestApp({ postgres: true, env: chain.env });
  });
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  /** Links waiting for a wallet lock the indexer holds (the nft area's advisory-lock namespace). */
  const waitingLinks = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = 7321040 AND NOT granted`))[0]!.n;

  it('the token reaching the wallet while it is being linked: the asset ends with the player who linked it', async () => {
    const db = t.database.db;
    const ann = await t.createUser({ username: 'ann', password: 'ann-password-1', wallet: address(chain, 1).toLowerCase() });
    const shipId = await addShip(db);
    const [copy] = await db.transaction((tx) => grantShips(tx, { userId: ann, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex: 0 }] }));
    await db.execute(sql`UPDATE owned_ships SET state = 'minted' WHERE id = ${copy!.id}`);
    const carl = await t.signUp('carl');
    const wallet = address(chain, 3);
    const nonce = await t.app.inject({ method: 'POST', url: '/api/account/connect_wallet/nonce', headers: bearer(carl.token), payload: { wallet } });
    const { message } = nonce.json() as { message: string };
    const signature = await chain.wallet(3).account.signMessage!({ message });

    // The indexer records the token's transfer to the wallet and, still inside its transaction
    // (nobody has linked the wallet yet, so nothing moved), waits.
    const target = { chainId: chain.anvil.chainId, contract: chain.addresses.shipNft.toLowerCase() };
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let followed!: () => void;
    const inFollow = new Promise<void>((resolve) => (followed = resolve));
    const transfer = { blockNumber: 5n, blockHash: `0x${'ab'.repeat(32)}`, logIndex: 0, item: 0, txHash: `0x${'01'.repeat(32)}`, tokenId: BigInt(copy!.id), from: ZERO, to: wallet.toLowerCase(), amount: 1n };
    const indexing = recordRange(db, target, undefined, { number: 5n, hash: transfer.blockHash }, [transfer], async (tx, ids) => {
      await followTokens(tx, { ...target, asset: 'ship' }, ids);
      followed();
      await released;
    });
    await inFollow;

    let linkDone = false;
    const linking = t.app
      .inject({ method: 'POST', url: '/api/account/connect_wallet', headers: bearer(carl.token), payload: { wallet, signature, message } })
      .finally(() => (linkDone = true));
    // The link either waits for the indexer's transaction or (without the lock) has already read "W holds nothing".
    while (!linkDone && (await waitingLinks()) === 0) await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await indexing).toBe(true);
    const res = await linking;
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await queryRows<{ user_id: string }>(db, sql`SELECT user_id FROM owned_ships WHERE id = ${copy!.id}`);
    expect(row?.user_id).toBe(carl.id);
  });
});
