import { landCollectionNftAbi } from '@starport/chain';
import { MINT_NEEDS_WALLET, MINT_QUEUED, MINTING_UNAVAILABLE } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { ChainQueues } from './minter.ts';
import { runMint } from './run-mint.ts';
import { landOwner, mintedTo, mintRowOf, mintsDueNow, mintStatus, ownerOnChain, post, startMintWorld, type MintWorld } from './minting.fixtures.ts';

const crash = (where: string) => () => {
  throw new Error(`server killed ${where}`);
};

describe('land collection mint on anvil: request → job → token in the linked wallet, once', () => {
  let w: MintWorld;
  const queues = new ChainQueues();
  /** The deployer (also a minter) mints this id to account 6 first, as a chain older than the database would hold it. */
  const strayMint = async (tokenId: number) => {
    const stray = w.chain.wallet(6).account.address;
    const hash = await w.chain.deployer.walletClient.writeContract({
      address: w.chain.addresses.landCollectionNft,
      abi: landCollectionNftAbi,
      functionName: 'mint',
      args: [stray, BigInt(tokenId)],
    });
    await w.chain.deployer.publicClient.waitForTransactionReceipt({ hash });
    return stray;
  };
  const deps = () => ({ db: w.t.database.db, chains: w.t.config.chains, log: w.t.app.log, queues });

  beforeAll(async () => {
    w = await startMintWorld();
  });
  afterAll(async () => w?.stop());

  it('mints the collection to the player’s wallet: state 1, then 2 with the transaction and its explorer link', async () => {
    const ada = await landOwner(w.t, w.chain, 'ada', { walletIndex: 1 });
    const res = await post(w.t, ada.token, '/api/lands/mint', { id: ada.collection });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ error: false, msg: MINT_QUEUED });
    expect(await mintStatus(w.t, ada)).toMatchObject({ state: 1, txid: null });
    // Frozen from the request on: nothing moves out of it while it mints.
    const move = await post(w.t, ada.token, '/api/collections/move_land', { type: 'individual', lands: [ada.cells[0]] });
    expect(move.statusCode, move.body).toBe(409);

    await w.t.drainJobs();

    expect(await ownerOnChain(w.chain, ada.collection)).toBe(ada.wallet!.toLowerCase());
    const status = await mintStatus(w.t, ada);
    expect(status.state).toBe(2);
    expect(status.txid).toMatch(/^0x[0-9a-f]{64}$/);
    expect(status.tx_url).toBe(`https://explorer.test/tx/${status.txid}`);
    const receipt = await w.chain.deployer.publicClient.getTransactionReceipt({ hash: status.txid as `0x${string}` });
    expect(receipt.status).toBe('success');
    const fetched = (await w.t.app.inject({ method: 'GET', url: '/api/collections/fetch', headers: { authorization: `Bearer ${ada.token}` } })).json() as {
      data: { _id: number; state: number; txid: string | null; allow_mint: boolean }[];
    };
    expect(fetched.data.find((c) => c._id === ada.collection)).toMatchObject({ state: 2, txid: status.txid, allow_mint: false });
    // A second request is refused, and the chain still holds one token for it.
    expect((await post(w.t, ada.token, '/api/lands/mint', { id: ada.collection })).statusCode).toBe(409);
    expect(await mintedTo(w.chain, ada.wallet!)).toEqual([BigInt(ada.collection)]);
  });

  it('refuses a player without a linked wallet (§8 "No wallet"), an empty collection, and bad ids', async () => {
    const ben = await landOwner(w.t, w.chain, 'ben', { walletIndex: null });
    const noWallet = await post(w.t, ben.token, '/api/lands/mint', { id: ben.collection });
    expect([noWallet.statusCode, noWallet.json().msg]).toEqual([400, MINT_NEEDS_WALLET]);
    expect((await mintStatus(w.t, ben)).state).toBe(0);

    const cleo = await landOwner(w.t, w.chain, 'cleo', { walletIndex: 2, plots: 0 });
    const empty = await post(w.t, cleo.token, '/api/lands/mint', { id: cleo.collection });
    expect([empty.statusCode, empty.json().msg]).toEqual([409, 'An empty collection cannot be minted: add plots to it first.']);
    expect((await post(w.t, cleo.token, '/api/lands/mint', { id: 99_999_999 })).statusCode).toBe(404);
    expect((await post(w.t, cleo.token, '/api/lands/mint', { id: 'x' })).statusCode).toBe(400);
    expect(await mintRowOf(w.t, cleo.collection)).toBeUndefined();
  });

  it('a server killed after recording the transaction and before sending it: the next run sends the same bytes, one token', async () => {
    const dora = await landOwner(w.t, w.chain, 'dora', { walletIndex: 3 });
    expect((await post(w.t, dora.token, '/api/lands/mint', { id: dora.collection })).statusCode).toBe(200);
    const mint = (await mintRowOf(w.t, dora.collection))!;

    await expect(runMint({ ...deps(), faults: { afterRecord: crash('before the broadcast') } }, mint.id)).rejects.toThrow('server killed');
    const recorded = (await mintRowOf(w.t, dora.collection))!;
    expect(recorded).toMatchObject({ status: 'sent' });
    expect(await ownerOnChain(w.chain, dora.collection)).toBeNull();

    // The restarted job: the recorded bytes go out (same hash), then their receipt confirms.
    expect(await runMint(deps(), mint.id)).toEqual({ done: false, reason: expect.stringContaining('sent again') });
    // A loaded node may answer the receipt a moment after the send: a run before it says "not
    // mined yet" and sends nothing, so the job is run until the receipt decides.
    await expect.poll(() => runMint(deps(), mint.id)).toEqual({ done: true });
    expect(await mintStatus(w.t, dora)).toMatchObject({ state: 2, txid: recorded.tx_hash });
    await mintsDueNow(w.t);
    await w.t.drainJobs();
    expect(await mintedTo(w.chain, dora.wallet!)).toEqual([BigInt(dora.collection)]);
  });

  it('a server killed after sending, before noting anything more: the next run finds the receipt, one token', async () => {
    const eve = await landOwner(w.t, w.chain, 'eve', { walletIndex: 4 });
    expect((await post(w.t, eve.token, '/api/lands/mint', { id: eve.collection })).statusCode).toBe(200);
    const mint = (await mintRowOf(w.t, eve.collection))!;

    await expect(runMint({ ...deps(), faults: { afterBroadcast: crash('after the broadcast') } }, mint.id)).rejects.toThrow('server killed');
    const sent = (await mintRowOf(w.t, eve.collection))!;
    expect(sent.status).toBe('sent');
    // anvil mines the broadcast, though not necessarily before sendRawTransaction answers.
    await w.chain.deployer.publicClient.waitForTransactionReceipt({ hash: sent.tx_hash as `0x${string}` });
    expect(await ownerOnChain(w.chain, eve.collection)).toBe(eve.wallet!.toLowerCase());

    await w.t.drainJobs();
    expect(await mintStatus(w.t, eve)).toMatchObject({ state: 2, txid: sent.tx_hash });
    expect(await mintedTo(w.chain, eve.wallet!)).toEqual([BigInt(eve.collection)]);
  });

  it('a token that already exists, minted by another transaction, is never minted again: the mint fails and the collection opens', async () => {
    const finn = await landOwner(w.t, w.chain, 'finn', { walletIndex: 5 });
    const stray = await strayMint(finn.collection);

    expect((await post(w.t, finn.token, '/api/lands/mint', { id: finn.collection })).statusCode).toBe(200);
    await w.t.drainJobs();
    const status = await mintStatus(w.t, finn);
    expect(status).toMatchObject({ state: 0, txid: null });
    expect(status.failure).toMatch(/already exists on chain/);
    expect(await ownerOnChain(w.chain, finn.collection)).toBe(stray.toLowerCase());
    expect(await mintedTo(w.chain, finn.wallet!)).toEqual([]);
    // Open again: plots can move, and a new request is a new round (a new job).
    expect((await post(w.t, finn.token, '/api/lands/mint', { id: finn.collection })).statusCode).toBe(200);
    expect((await mintStatus(w.t, finn)).state).toBe(1);
  });

  it('a transaction recorded but never sent, whose mint then fails, holds no nonce: the next mint is mined', async () => {
    const hana = await landOwner(w.t, w.chain, 'hana', { walletIndex: 10 });
    expect((await post(w.t, hana.token, '/api/lands/mint', { id: hana.collection })).statusCode).toBe(200);
    const mint = (await mintRowOf(w.t, hana.collection))!;
    await expect(runMint({ ...deps(), faults: { afterRecord: crash('before the broadcast') } }, mint.id)).rejects.toThrow('server killed');
    await strayMint(hana.collection);
    expect(await runMint(deps(), mint.id)).toEqual({ done: true });
    expect((await mintStatus(w.t, hana)).state).toBe(0);

    const ivan = await landOwner(w.t, w.chain, 'ivan', { walletIndex: 11 });
    expect((await post(w.t, ivan.token, '/api/lands/mint', { id: ivan.collection })).statusCode).toBe(200);
    const next = (await mintRowOf(w.t, ivan.collection))!;
    expect(await runMint(deps(), next.id)).toEqual({ done: true });
    expect((await mintStatus(w.t, ivan)).state).toBe(2);
    expect(await ownerOnChain(w.chain, ivan.collection)).toBe(ivan.wallet!.toLowerCase());
  });

  it('refresh/my_assets queues a stalled mint again, once, and answers the states; a browser report changes nothing', async () => {
    const gus = await landOwner(w.t, w.chain, 'gus', { walletIndex: 7 });
    expect((await post(w.t, gus.token, '/api/lands/mint', { id: gus.collection })).statusCode).toBe(200);
    // The job gave up (an RPC outage outlasted it): the mint is stalled at state 1.
    await w.t.database.db.execute(sql`UPDATE jobs SET failed_at = now() WHERE kind = 'mint.land_collection' AND done_at IS NULL`);

    const report = await post(w.t, gus.token, '/api/mint/status', { tokenId: gus.collection, transaction_hash: '0xabc', status: 2 });
    expect(report.statusCode, report.body).toBe(200);
    expect((await mintStatus(w.t, gus)).state).toBe(1);

    const first = await post(w.t, gus.token, '/api/minting/refresh/my_assets', {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ requeued: 1, data: [{ collectionID: gus.collection, state: 1 }] });
    expect((await post(w.t, gus.token, '/api/minting/refresh/my_assets', {})).json()).toMatchObject({ requeued: 0 });
    await w.t.drainJobs();
    expect((await mintStatus(w.t, gus)).state).toBe(2);
    expect(await mintedTo(w.chain, gus.wallet!)).toEqual([BigInt(gus.collection)]);
  });
});

describe('a server without a minter', () => {
  it('answers 503 with a sentence, and queues nothing', async () => {
    const t = await createTestApp();
    try {
      await t.createUser({ username: 'hal', password: 'hal-password-1', wallet: '0x00000000000000000000000000000000000000aa' });
      const { access_token } = await t.login('hal', 'hal-password-1');
      const res = await t.app.inject({ method: 'POST', url: '/api/lands/mint', payload: { id: 1 }, headers: { authorization: `Bearer ${access_token}` } });
      expect([res.statusCode, res.json().msg]).toEqual([503, MINTING_UNAVAILABLE]);
      expect(await queryRows(t.database.db, sql`SELECT 1 FROM jobs WHERE kind LIKE 'mint.%'`)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
