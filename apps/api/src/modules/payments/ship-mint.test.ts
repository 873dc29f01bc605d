import { shipNftAbi } from '@starport/chain';
import type { CryptoQuote, CryptoVerifyResponse, MyAssetsResponse, ShipMintTermsResponse } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShip } from '../../../test/catalogue-fixtures.ts';
import { bearer } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { grantShips } from '../assets/index.ts';
import { ordersForReview, resolveReview } from '../orders/index.ts';
import { SHIP_MINT_FAILED_JOB } from '../minting/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { expireQuote, payQuote, postAs, settled, startCryptoWorld, walletPlayer, type CryptoWorld, type Player } from './crypto-fixtures.ts';
import { orderByCode, shopLine, USD } from './payments.fixtures.ts';

/**
 * Ship to NFT, paid (decision 0052) on a real anvil with the job worker running: the fee is a
 * crypto order of one `ship_mint` line, verified by the verifier every purchase uses, and its
 * fulfilment queues the server's mint of the copy to the linked wallet.
 */
describe('ship to NFT (real anvil, job worker running)', () => {
  let w: CryptoWorld;
  let owner: Player;
  let other: Player;

  const giveShip = async (p: Player): Promise<number> => {
    const shipId = await addShip(w.t.database.db);
    const [copy] = await w.t.database.db.transaction((tx) =>
      grantShips(tx, { userId: p.userId, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex: 0 }] }),
    );
    return copy!.id;
  };
  const nftOf = async (p: Player, copyId: number) => {
    const res = await w.t.app.inject({ method: 'GET', url: '/api/my/assets?kind=ship&limit=100', headers: bearer(p.token) });
    expect(res.statusCode, res.body).toBe(200);
    const asset = (res.json() as MyAssetsResponse).data.find((a) => a._id === String(copyId));
    return asset && { state: asset.state, ...asset.nft };
  };
  const ownerOf = async (tokenId: number): Promise<string | null> => {
    try {
      const who = await w.chain.deployer.publicClient.readContract({
        address: w.chain.addresses.shipNft,
        abi: shipNftAbi,
        functionName: 'ownerOf',
        args: [BigInt(tokenId)],
      });
      return who.toLowerCase();
    } catch {
      return null;
    }
  };
  /** Until the copy leaves 'minting' (the mint job confirmed or gave up); the test's timeout bounds it. */
  const mintSettled = async (p: Player, copyId: number) => {
    for (;;) {
      const nft = await nftOf(p, copyId);
      if (nft?.state !== 'minting') return nft;
      await w.t.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind LIKE 'mint.%' AND done_at IS NULL AND failed_at IS NULL`);
      w.t.app.jobs.wake();
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const request = (p: Player, copyId: number | string) => postAs(w.t, p.token, '/api/minting/request/', { item_id: String(copyId) });

  beforeAll(async () => {
    w = await startCryptoWorld();
    owner = await walletPlayer(w, 'shipminter', 1);
    other = await walletPlayer(w, 'shipnosy', 2);
  });
  afterAll(async () => w?.stop());

  it('tells the fee and that this server can convert', async () => {
    const res = await w.t.app.inject({ method: 'GET', url: '/api/minting/request/terms' });
    expect(res.json() as ShipMintTermsResponse).toEqual({ error: false, fee_usd: 5, fee_usd_micro: '5000000', available: true });
  });

  it('locks the ship, takes the fee from the linked wallet, verifies it and mints the copy to that wallet once', async () => {
    const copyId = await giveShip(owner);
    const res = await request(owner, copyId);
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json() as CryptoQuote;
    expect(q).toMatchObject({ amountBase: '5000000', totalUSD: 5, payerWallet: owner.address.toLowerCase() });
    const [line] = await queryRows<{ kind: string; name: string; object: string }>(
      w.t.database.db,
      sql`SELECT p.kind, l.name, l.object FROM crypto_payments p JOIN order_lines l ON l.order_id = p.order_id WHERE p.tid = ${q.tid}`,
    );
    expect(line).toMatchObject({ kind: 'ship_mint', object: 'ship_mint' });
    expect(line!.name).toMatch(/^Convert .+ to NFT$/);
    expect(await nftOf(owner, copyId)).toMatchObject({ state: 'minting', mint_status: 'lock', txh: null });

    // A second request while this one is in flight is refused; so is another player's.
    const twice = await request(owner, copyId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('This ship is already being converted to an NFT.');
    expect((await request(other, copyId)).statusCode).toBe(404);

    // The step log is kept, never acted on; another player's tid is a 404.
    const step = await w.t.app.inject({
      method: 'PATCH',
      url: '/api/minting/request/status',
      payload: { tid: q.tid, status: 1, receiver: q.targetWallet },
      headers: bearer(owner.token),
    });
    expect(step.json()).toEqual({ error: false, status: 'awaiting_transfer' });
    const nosy = await w.t.app.inject({ method: 'PATCH', url: '/api/minting/request/status', payload: { tid: q.tid, status: 4 }, headers: bearer(other.token) });
    expect(nosy.statusCode).toBe(404);

    const txh = await payQuote(w.chain, owner, q);
    expect((await postAs(w.t, other.token, '/api/minting/request/verify_payment', { tid: q.tid, txh })).statusCode).toBe(404);
    const verified = await postAs(w.t, owner.token, '/api/minting/request/verify_payment', { tid: q.tid, txh });
    expect(verified.statusCode, verified.body).toBe(200);
    let answer = verified.json() as CryptoVerifyResponse;
    if (answer.status === 'verifying') {
      expect((await nftOf(owner, copyId))?.mint_status).toBe('verify_payment');
      answer = await settled(w.t, owner.token, q.tid);
    }
    expect(answer).toMatchObject({ error: false, status: 'paid' });
    if (verified.json().status === 'paid') expect(verified.json().msg).toBe('Your NFT minting task added to queue.');

    const minted = await mintSettled(owner, copyId);
    expect(minted).toMatchObject({ state: 'minted', mint_status: 'minted' });
    expect(minted!.txh).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await ownerOf(copyId)).toBe(owner.address.toLowerCase());
    expect((await orderByCode(w.t.database.db, q.invoice_code)).status).toBe('fulfilled');

    // Minted: it cannot be converted again, nor listed on the off-chain market (B8).
    expect((await request(owner, copyId)).json().msg).toBe('This ship is already an NFT.');
    const listed = await postAs(w.t, owner.token, '/api/marketplace/listing', { item: String(copyId), price: 100 });
    expect(listed.statusCode).toBe(409);
    expect(listed.json().msg).toBe('This ship is an NFT in your wallet: it cannot be listed here.');
    // One token, one mint row, one job run that minted.
    const mints = await queryRows<{ n: number }>(w.t.database.db, sql`SELECT count(*)::int AS n FROM mint_attempts WHERE asset_kind = 'ship' AND asset_id = ${copyId}`);
    expect(Number(mints[0]!.n)).toBe(1);
  });

  it('a paid mint that fails for good frees the ship and puts its fee order in the review queue with the reason, once', async () => {
    const copyId = await giveShip(owner);
    const q = (await request(owner, copyId)).json() as CryptoQuote;
    // The token id is the copy's id: minted meanwhile by someone else (a chain older than this
    // database), the server's own mint can never happen.
    const elsewhere = '0x000000000000000000000000000000000000dEaD';
    const premint = await w.chain.deployer.walletClient.writeContract({
      address: w.chain.addresses.shipNft,
      abi: shipNftAbi,
      functionName: 'mint',
      args: [elsewhere, BigInt(copyId)],
    });
    await w.chain.deployer.publicClient.waitForTransactionReceipt({ hash: premint });

    const txh = await payQuote(w.chain, owner, q);
    const verified = await postAs(w.t, owner.token, '/api/minting/request/verify_payment', { tid: q.tid, txh });
    expect(verified.statusCode, verified.body).toBe(200);
    if ((verified.json() as CryptoVerifyResponse).status === 'verifying') await settled(w.t, owner.token, q.tid);
    expect(await mintSettled(owner, copyId)).toMatchObject({ state: 'available', mint_status: null });

    const order = await orderByCode(w.t.database.db, q.invoice_code);
    expect(order.status).toBe('fulfilled');
    // The notice is a job of its own: until it has run.
    for (;;) {
      const { orders } = await ordersForReview(w.t.database.db, 100);
      const flagged = orders.find((o) => o.code === q.invoice_code);
      if (flagged) {
        expect(flagged.reasons).toEqual([
          expect.objectContaining({ kind: 'mint_failed', payload: expect.objectContaining({ owned_ship_id: copyId, reason: expect.stringContaining('already exists on chain') }) }),
        ]);
        break;
      }
      w.t.app.jobs.wake();
      await new Promise((r) => setTimeout(r, 100));
    }
    // The notice again (a retried job) adds nothing.
    const [mint] = await queryRows<{ id: number }>(w.t.database.db, sql`SELECT id FROM mint_attempts WHERE asset_kind = 'ship' AND asset_id = ${copyId}`);
    await enqueueJob(
      w.t.database.db,
      SHIP_MINT_FAILED_JOB,
      { mintId: Number(mint!.id), assetId: copyId, userId: owner.userId, reason: 'again' },
      { dedupeKey: `again:${copyId}` },
    );
    for (;;) {
      const [again] = await queryRows<{ done: boolean }>(w.t.database.db, sql`SELECT done_at IS NOT NULL AS done FROM jobs WHERE dedupe_key = ${`again:${copyId}`}`);
      if (again?.done) break;
      w.t.app.jobs.wake();
      await new Promise((r) => setTimeout(r, 100));
    }
    const events = await queryRows<{ n: number }>(w.t.database.db, sql`SELECT count(*)::int AS n FROM order_events WHERE kind = 'mint_failed' AND order_id = ${order.id}`);
    expect(Number(events[0]!.n)).toBe(1);
    // The ship can be converted again (another fee); the operator settles the first one.
    expect((await request(owner, copyId)).statusCode).toBe(200);
    expect(await resolveReview(w.t.database.db, q.invoice_code, 'fee refunded')).toBe(true);
  });

  it('a fee that lapses unpaid frees the ship, which can then be converted again', async () => {
    const copyId = await giveShip(owner);
    const q = (await request(owner, copyId)).json() as CryptoQuote;
    await expireQuote(w.t.database.db, q.tid, 5, true);
    w.t.app.jobs.wake();
    for (;;) {
      const nft = await nftOf(owner, copyId);
      if (nft?.state === 'available') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await nftOf(owner, copyId)).toMatchObject({ state: 'available', mint_status: null });
    const again = await request(owner, copyId);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a transfer that already paid a shop order cannot pay a mint fee of the same amount', async () => {
    const copyId = await giveShip(other);
    const item = await shopLine(w.t.database.db, 2, 5n * USD, 'Five Dollar Dart');
    const shop = await postAs(w.t, other.token, '/api/payment/eth_crypto', { id: item.id });
    expect(shop.statusCode, shop.body).toBe(200);
    const shopQuote = shop.json() as CryptoQuote;
    const mintQuote = (await request(other, copyId)).json() as CryptoQuote;
    expect(mintQuote.amountBase).toBe(shopQuote.amountBase);
    const txh = await payQuote(w.chain, other, shopQuote);
    expect((await postAs(w.t, other.token, '/api/payment/eth_crypto/verify', { tid: shopQuote.tid, txh })).statusCode).toBe(200);
    expect((await settled(w.t, other.token, shopQuote.tid)).status).toBe('paid');

    const reused = await postAs(w.t, other.token, '/api/minting/request/verify_payment', { tid: mintQuote.tid, txh });
    const decided = reused.statusCode === 200 && reused.json().status === 'verifying' ? await settled(w.t, other.token, mintQuote.tid) : reused.json();
    expect(decided.status).not.toBe('paid');
    expect(await ownerOf(copyId)).toBeNull();
    expect((await nftOf(other, copyId))?.mint_status).not.toBe('minted');
  });

  it('refuses what is not a ship of yours, and says why without a wallet', async () => {
    for (const item_id of ['0', 'abc', '-4', '1.5', '']) {
      const res = await postAs(w.t, owner.token, '/api/minting/request/', { item_id });
      expect(res.statusCode, item_id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, item_id).toBeLessThan(500);
    }
    expect((await postAs(w.t, owner.token, '/api/minting/request/', { item_id: '999999999' })).statusCode).toBe(404);
    const walletless = await w.t.signUp('shipnowallet');
    const res = await postAs(w.t, walletless.token, '/api/minting/request/', { item_id: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Please install Metamask and connect your wallet.');
  });
});
