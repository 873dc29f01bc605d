import { cellAt, cellOf } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { addShip } from '../../../test/catalogue-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { OPERATOR_WALLET_LINKED_JOB, OperatorAccountsService } from '../accounts/index.ts';
import { createCollection, grantPlots, grantShips } from '../assets/index.ts';
import { address, mintNft, runIndexer, transferShip } from './chain-index.fixtures.ts';

const paris = cellOf({ lng: 2.3522, lat: 48.8566 });

describe('a wallet linked late: the minted assets whose tokens it already holds move to the player who links it', () => {
  let chain: TestChain;
  let t: TestApp;
  let ann: string;
  let shipId: number;

  const shipOwner = async (copyId: number) =>
    (await queryRows<{ user_id: string }>(t.database.db, sql`SELECT user_id FROM owned_ships WHERE id = ${copyId}`))[0]?.user_id;
  const landOwners = async (collectionId: number) =>
    (
      await queryRows<{ user_id: string }>(
        t.database.db,
        sql`SELECT user_id FROM land_collections WHERE id = ${collectionId} UNION ALL SELECT user_id FROM land_plots WHERE collection_id = ${collectionId}`,
      )
    ).map((r) => r.user_id);

  /** A ship copy of ann's, minted as the minter leaves it, its token minted to ann's wallet (account 1). */
  async function mintedShip(copyIndex: number): Promise<number> {
    const db = t.database.db;
    const [copy] = await db.transaction((tx) => grantShips(tx, { userId: ann, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex }] }));
    await db.execute(sql`UPDATE owned_ships SET state = 'minted' WHERE id = ${copy!.id}`);
    await mintNft(chain, 'ship', 1, BigInt(copy!.id));
    return copy!.id;
  }

  /** The browser side of linking: a link message for the wallet, signed by anvil account `index`. */
  async function link(token: string, index: number) {
    const wallet = address(chain, index);
    const nonce = await t.app.inject({ method: 'POST', url: '/api/account/connect_wallet/nonce', headers: bearer(token), payload: { wallet } });
    expect(nonce.statusCode, nonce.body).toBe(200);
    const { message } = nonce.json() as { message: string };
    const signature = await chain.wallet(index).account.signMessage!({ message });
    return t.app.inject({ method: 'POST', url: '/api/account/connect_wallet', headers: bearer(token), payload: { wallet, signature, message } });
  }

  beforeAll(async () => {
    chain = await startTestChain({ confirmations: 1 });
    t = await createTestApp({ env: chain.env });
    ann = await t.createUser({ username: 'ann', password: 'ann-password-1', wallet: address(chain, 1).toLowerCase() });
    shipId = await addShip(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  it('moves a ship and a collection (with its plots) sent to a wallet nobody had linked, once a player links it', async () => {
    const copyId = await mintedShip(0);
    const collectionId = await t.database.db.transaction(async (tx) => {
      const id = await createCollection(tx, ann, 'Rive gauche');
      await grantPlots(tx, {
        userId: ann,
        collectionId: id,
        plots: [0, 1].map((n) => ({ cellId: cellAt(paris.row, paris.col + n).id, country: 'FR', valuation: 25, creditPaid: 1 })),
      });
      return id;
    });
    await t.database.db.execute(sql`UPDATE land_collections SET mint_state = 2 WHERE id = ${collectionId}`);
    await mintNft(chain, 'land', 1, BigInt(collectionId));
    // Both tokens go to account 3, which no player has linked: the assets wait with ann.
    await transferShip(chain, 1, 3, BigInt(copyId));
    await transferShip(chain, 1, 3, BigInt(collectionId), 'land');
    await runIndexer(t);
    expect(await shipOwner(copyId)).toBe(ann);
    expect(await landOwners(collectionId)).toEqual([ann, ann, ann]);

    const carl = await t.signUp('carl');
    const linked = await link(carl.token, 3);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await shipOwner(copyId)).toBe(carl.id);
    expect(await landOwners(collectionId)).toEqual([carl.id, carl.id, carl.id]);
    // What ann still holds on her own wallet stays hers.
    const kept = await mintedShip(1);
    await runIndexer(t);
    expect(await shipOwner(kept)).toBe(ann);
  });

  it('moves it to the account a wallet creates at its first sign-in', async () => {
    const copyId = await mintedShip(2);
    await transferShip(chain, 1, 4, BigInt(copyId));
    await runIndexer(t);
    expect(await shipOwner(copyId)).toBe(ann);

    const wallet = address(chain, 4);
    const nonce = await t.app.inject({ method: 'GET', url: `/api/web3_login/${wallet}/nonce` });
    const { message } = nonce.json() as { message: string };
    const signature = await chain.wallet(4).account.signMessage!({ message });
    const signedIn = await t.app.inject({ method: 'POST', url: `/api/web3_login/${wallet}/signature`, payload: { signature, message } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { user, created } = signedIn.json() as { user: { id: string }; created: boolean };
    expect(created).toBe(true);
    expect(await shipOwner(copyId)).toBe(user.id);
  });

  it('moves it to an account the operator creates with that wallet (npm run admin -- create-user --wallet), once its job has run', async () => {
    const copyId = await mintedShip(4);
    await transferShip(chain, 1, 6, BigInt(copyId));
    await runIndexer(t);
    expect(await shipOwner(copyId)).toBe(ann);

    const erin = await new OperatorAccountsService(t.database.db).createAccount({ username: 'erin', wallet: address(chain, 6) });
    await t.drainJobs();
    expect(await shipOwner(copyId)).toBe(erin.id);
    const [job] = await queryRows<{ done: boolean }>(
      t.database.db,
      sql`SELECT done_at IS NOT NULL AS done FROM jobs WHERE kind = ${OPERATOR_WALLET_LINKED_JOB} AND payload ->> 'wallet' = ${address(chain, 6).toLowerCase()}`,
    );
    expect(job?.done).toBe(true);
  });

  it('leaves an asset that is not minted where it is, whatever wallet holds a token of its id', async () => {
    const db = t.database.db;
    const [copy] = await db.transaction((tx) => grantShips(tx, { userId: ann, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex: 3 }] }));
    await mintNft(chain, 'ship', 5, BigInt(copy!.id)); // a token the minter did not make for it (state stays 'owned')
    await runIndexer(t);
    const dave = await t.signUp('dave');
    expect((await link(dave.token, 5)).statusCode).toBe(200);
    expect(await shipOwner(copy!.id)).toBe(ann);
  });
});
