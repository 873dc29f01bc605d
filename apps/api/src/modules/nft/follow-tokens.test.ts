import { cellAt, cellOf } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { addShip } from '../../../test/catalogue-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { createCollection, grantPlots, grantShips } from '../assets/index.ts';
import { address, mintNft, runIndexer, testClient, transferShip } from './chain-index.fixtures.ts';
import { followTokens } from './index.ts';

const paris = cellOf({ lng: 2.3522, lat: 48.8566 });

describe('minted assets follow their tokens to the player whose linked wallet holds them', () => {
  let chain: TestChain;
  let t: TestApp;
  const players: Record<string, string> = {};
  let copyId: number;
  let collectionId: number;
  let shipId: number;

  const shipOwner = async () =>
    (await queryRows<{ user_id: string }>(t.database.db, sql`SELECT user_id FROM owned_ships WHERE id = ${copyId}`))[0]?.user_id;
  const landOwners = async () =>
    queryRows<{ user_id: string }>(
      t.database.db,
      sql`SELECT user_id FROM land_collections WHERE id = ${collectionId} UNION ALL SELECT user_id FROM land_plots WHERE collection_id = ${collectionId}`,
    );

  beforeAll(async () => {
    chain = await startTestChain({ confirmations: 1 });
    t = await createTestApp({ env: chain.env });
    for (const [name, index] of [['ann', 1], ['bob', 2]] as const) {
      players[name] = await t.createUser({ username: name, password: `${name}-password-1`, wallet: address(chain, index).toLowerCase() });
    }
    const db = t.database.db;
    shipId = await addShip(db);
    const [copy] = await db.transaction((tx) =>
      grantShips(tx, { userId: players.ann!, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex: 0 }] }),
    );
    copyId = copy!.id;
    await db.transaction(async (tx) => {
      collectionId = await createCollection(tx, players.ann!, 'Rive gauche');
      await grantPlots(tx, {
        userId: players.ann!,
        collectionId,
        plots: [0, 1].map((n) => ({ cellId: cellAt(paris.row, paris.col + n).id, country: 'FR', valuation: 25, creditPaid: 1 })),
      });
    });
    // What the minter does once the mints are confirmed (issue 19's other half).
    await db.execute(sql`UPDATE owned_ships SET state = 'minted' WHERE id = ${copyId}`);
    await db.execute(sql`UPDATE land_collections SET mint_state = 2 WHERE id = ${collectionId}`);
    await mintNft(chain, 'ship', 1, BigInt(copyId));
    await mintNft(chain, 'land', 1, BigInt(collectionId));
    await runIndexer(t);
  });
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  it('moves a minted ship and a minted collection (with its plots) to the receiving player', async () => {
    expect(await shipOwner()).toBe(players.ann);
    await transferShip(chain, 1, 2, BigInt(copyId));
    await transferShip(chain, 1, 2, BigInt(collectionId), 'land');
    await runIndexer(t);
    expect(await shipOwner()).toBe(players.bob);
    expect((await landOwners()).map((r) => r.user_id)).toEqual([players.bob, players.bob, players.bob]);
  });

  it('leaves the asset with its last player while the token is in a wallet nobody linked', async () => {
    await transferShip(chain, 2, 7, BigInt(copyId));
    await runIndexer(t);
    expect(await shipOwner()).toBe(players.bob);
  });

  it('moves it back when a re-org undoes the transfer', async () => {
    const anvil = testClient(chain);
    const snapshot = await anvil.snapshot();
    await transferShip(chain, 2, 1, BigInt(collectionId), 'land');
    await runIndexer(t);
    expect((await landOwners())[0]?.user_id).toBe(players.ann);
    await anvil.revert({ id: snapshot });
    await anvil.mine({ blocks: 3 });
    await runIndexer(t);
    expect((await landOwners()).map((r) => r.user_id)).toEqual([players.bob, players.bob, players.bob]);
  });

  it('a token sent on before its asset was marked minted: following it again at the confirmation moves the asset', async () => {
    const db = t.database.db;
    const [copy] = await db.transaction((tx) =>
      grantShips(tx, { userId: players.ann!, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex: 1 }] }),
    );
    await mintNft(chain, 'ship', 1, BigInt(copy!.id));
    await transferShip(chain, 1, 2, BigInt(copy!.id));
    await runIndexer(t); // the asset is not minted yet (its mint job has not confirmed): nothing moves
    const owner = async () => (await queryRows<{ user_id: string }>(db, sql`SELECT user_id FROM owned_ships WHERE id = ${copy!.id}`))[0]?.user_id;
    expect(await owner()).toBe(players.ann);
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE owned_ships SET state = 'minted' WHERE id = ${copy!.id}`); // the confirmation
      await followTokens(tx, { chainId: chain.anvil.chainId, contract: chain.addresses.shipNft.toLowerCase(), asset: 'ship' }, [BigInt(copy!.id)]);
    });
    expect(await owner()).toBe(players.bob);
  });
});
