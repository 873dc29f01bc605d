import type { CryptoVerifyResponse, ListingCryptoQuote } from '@starport/schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addListing } from '../../../test/catalogue-fixtures.ts';
import { bearer, body, createTestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { marketplaceListings } from '../../db/schema/index.ts';
import {
  payQuote,
  paymentOf,
  postAs,
  quote,
  readPayment,
  startCryptoWorld,
  transfersOf,
  verifyCall,
  walletPlayer,
  type CryptoWorld,
  type Player,
} from './crypto-fixtures.ts';
import { ERC20_PAYMENT_ABI } from '../../chain/erc20.ts';
import { eventKinds, openSale, orderByCode, shopLine, stockOf, USD } from './payments.fixtures.ts';
import { addTestBlindBox } from './widget-fixtures.ts';

/** USDC payments on a real anvil: quotes, real transfers, verification by the job, fulfilment. */
describe('crypto payments (real anvil, job worker running)', () => {
  let w: CryptoWorld;
  let buyer: Player;
  let other: Player;
  let noWalletToken: string;

  /** The order once fulfilment has moved it on from `paid` (however long a loaded machine takes). */
  const fulfilled = async (code: string) => {
    for (;;) {
      const order = await orderByCode(w.t.database.db, code);
      if (order.status !== 'paid') return order;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const listingStatus = async (id: string) =>
    (
      await w.t.database.db
        .select({ status: marketplaceListings.status })
        .from(marketplaceListings)
        .where(eq(marketplaceListings.id, Number(id)))
    )[0]!.status;

  beforeAll(async () => {
    w = await startCryptoWorld();
    buyer = await walletPlayer(w, 'cryptobuyer', 1);
    other = await walletPlayer(w, 'cryptoother', 2);
    await w.t.createUser({ username: 'cryptonowallet', password: 'cryptonowallet-password-1' });
    noWalletToken = (await w.t.login('cryptonowallet', 'cryptonowallet-password-1')).access_token;
  });
  afterAll(async () => w?.stop());

  it('a cart quote: an order holding its stock, the exact amount in USDC base units, to the treasury, from the linked wallet', async () => {
    const ship = await shopLine(w.t.database.db, 5, 40_250_000n, 'Crypto Quote Skiff');
    const before = Date.now();
    const q = await quote(w.t, buyer.token, '/api/shop_payment/eth_crypto', {
      ids: [{ id: ship.id, total: 2, object: 'spaceship' }],
    });
    expect(q).toMatchObject({
      error: false,
      targetNetworkId: w.chain.anvil.chainId,
      targetWallet: w.chain.recipient,
      tokenAddress: w.chain.addresses.testUsdc.toLowerCase(),
      tokenSymbol: 'USDC',
      tokenDecimals: 6,
      amountBase: '80500000',
      amountCurrency: '80.500000',
      totalUSD: 80.5,
      payerWallet: buyer.address.toLowerCase(),
    });
    expect(q.tid).toMatch(/^cp_[A-Za-z0-9_-]{24}$/);
    expect(q.invoice_code).toMatch(/^SP-/);
    // The quote lasts as long as the order holds the stock: at least CRYPTO_QUOTE_MINUTES (30).
    expect(Date.parse(q.expiresAt)).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    const [order] = await queryRows<{ method: string; provider: string; provider_session_id: string; status: string; expires_at: Date }>(
      w.t.database.db,
      sql`SELECT method, provider, provider_session_id, status, expires_at FROM orders WHERE code = ${q.invoice_code}`,
    );
    expect(order).toMatchObject({ method: 'crypto', provider: 'crypto', provider_session_id: q.tid, status: 'pending' });
    expect(new Date(order!.expires_at).getTime()).toBe(Date.parse(q.expiresAt));
    expect(await stockOf(w.t.database.db, ship.id)).toBe(3);
    expect(await paymentOf(w.t.database.db, q.tid)).toMatchObject({ status: 'awaiting_transfer', tx_hash: null });
    const read = await readPayment(w.t, buyer.token, q.tid);
    expect(read.json()).toMatchObject({ error: false, status: 'awaiting_transfer', invoice_code: q.invoice_code, txh: null });
  });

  it('cart: the exact transfer pays the order (…/verify answers paid), then the fulfil job delivers it', async () => {
    const ship = await shopLine(w.t.database.db, 5, 19_990_000n, 'Crypto Cart Corvette');
    await addTestBlindBox(w.t.database.db, 'cryptobox', 'Crypto Test Box');
    const q = await quote(w.t, buyer.token, '/api/shop_payment/eth_crypto', {
      ids: [
        { id: ship.id, total: 1, object: 'spaceship' },
        { id: 'blindbox-cryptobox', total: 1, object: 'blindbox' },
      ],
    });
    expect(q.amountBase).toBe('269990000');
    const txh = await payQuote(w.chain, buyer, q);
    const res = await verifyCall(w.t, buyer.token, '/api/shop_payment/eth_crypto', { tid: q.tid, txh });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      error: false,
      msg: 'Congratulations! Your transaction has been completed and confirmed by the blockchain.',
      status: 'paid',
      invoice_code: q.invoice_code,
      txh: txh.toLowerCase(),
      explorerTxUrl: `https://explorer.test/tx/${txh.toLowerCase()}`,
    });
    expect(await fulfilled(q.invoice_code)).toMatchObject({ status: 'fulfilled', needs_review: false });
    const order = await orderByCode(w.t.database.db, q.invoice_code);
    expect((await eventKinds(w.t.database.db, order.id)).filter((k) => k === 'paid')).toHaveLength(1);
    expect(await transfersOf(w.t.database.db, txh)).toEqual([
      { crypto_payment_id: (await paymentOf(w.t.database.db, q.tid)).id, log_index: 0, amount_base: '269990000' },
    ]);
    // The player's later reads say the same.
    expect((await readPayment(w.t, buyer.token, q.tid)).json()).toMatchObject({ status: 'paid', error: false });
  });

  it('one shop item from its page: paid and delivered', async () => {
    const ship = await shopLine(w.t.database.db, 2, 7n * USD, 'Crypto Item Dart');
    const q = await quote(w.t, buyer.token, '/api/payment/eth_crypto', { id: ship.id });
    expect(q.amountBase).toBe('7000000');
    const txh = await payQuote(w.chain, buyer, q);
    const res = await verifyCall(w.t, buyer.token, '/api/payment/eth_crypto', { tid: q.tid, txh });
    expect((res.json() as CryptoVerifyResponse).status).toBe('paid');
    expect((await fulfilled(q.invoice_code)).status).toBe('fulfilled');
    expect(await stockOf(w.t.database.db, ship.id)).toBe(1);
  });

  it('a marketplace listing: buy_session holds it and hands over the token ABI; paid, sold and delivered', async () => {
    const item = await addListing(w.t.database.db, { sellMicro: 64_500_000n, name: 'Crypto Listed Pioneer' });
    const res = await postAs(w.t, buyer.token, '/api/marketplace/buy_session', { id: item.id });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json() as ListingCryptoQuote;
    expect(q).toMatchObject({ amountBase: '64500000', contractAddress: q.tokenAddress, totalUSD: 64.5 });
    expect((q.contractAbi as { name: string }[]).map((f) => f.name)).toEqual(ERC20_PAYMENT_ABI.map((f) => f.name));
    expect(await listingStatus(item.id)).toBe('reserved');
    // Held for this order: another player hears it is gone.
    const late = await postAs(w.t, other.token, '/api/marketplace/buy_session', { id: item.id });
    expect([late.statusCode, body(late).msg]).toEqual([409, 'This item is no longer for sale.']);

    const txh = await payQuote(w.chain, buyer, q);
    const paid = await verifyCall(w.t, buyer.token, '/api/marketplace/buy_session', {
      tid: q.tid,
      txh,
      from_wallet: buyer.address,
    });
    expect((paid.json() as CryptoVerifyResponse).status).toBe('paid');
    expect(await listingStatus(item.id)).toBe('sold');
    expect((await fulfilled(q.invoice_code)).status).toBe('fulfilled');
    const owned = await queryRows<{ source: string }>(
      w.t.database.db,
      sql`SELECT source FROM owned_ships WHERE user_id = ${buyer.userId} AND ship_id = ${item.shipId}`,
    );
    expect(owned).toEqual([{ source: 'marketplace' }]);
  });

  it("one's own listing is a 403; an unknown one 404; it stays listed", async () => {
    const item = await addListing(w.t.database.db, { sellMicro: 3n * USD, name: 'Own Crypto Ship', sellerId: buyer.userId });
    const own = await postAs(w.t, buyer.token, '/api/marketplace/buy_session', { id: item.id });
    expect([own.statusCode, body(own).msg]).toEqual([403, 'This is your own listing: you cannot buy it.']);
    expect(await listingStatus(item.id)).toBe('listed');
    const unknown = await postAs(w.t, buyer.token, '/api/marketplace/buy_session', { id: '987654321' });
    expect(unknown.statusCode).toBe(404);
  });

  it('without a linked wallet: 409 and nothing reserved; signed out 401; sales closed 403', async () => {
    const ship = await shopLine(w.t.database.db, 1, 5n * USD, 'Crypto Walletless Ship');
    for (const [path, payload] of [
      ['/api/shop_payment/eth_crypto', { ids: [{ id: ship.id, total: 1, object: 'spaceship' }] }],
      ['/api/payment/eth_crypto', { id: ship.id }],
    ] as const) {
      const res = await postAs(w.t, noWalletToken, path, payload);
      expect([res.statusCode, body(res)]).toEqual([
        409,
        { error: true, code: 'CONFLICT', msg: 'Link a wallet to your account to pay with crypto.' },
      ]);
      expect((await w.t.app.inject({ method: 'POST', url: path, payload })).statusCode).toBe(401);
    }
    expect(await stockOf(w.t.database.db, ship.id)).toBe(1);
    await openSale(w.t.database.db, false);
    const closed = await postAs(w.t, buyer.token, '/api/payment/eth_crypto', { id: ship.id });
    await openSale(w.t.database.db);
    expect(closed.statusCode).toBe(403);
    expect(await stockOf(w.t.database.db, ship.id)).toBe(1);
  });

  it('…/verify: the same hash again is the same answer; another hash is a 409; a from_wallet not linked is a 409', async () => {
    const ship = await shopLine(w.t.database.db, 3, 2n * USD, 'Crypto Idempotent Ship');
    const q = await quote(w.t, buyer.token, '/api/payment/eth_crypto', { id: ship.id });
    const wrongWallet = await verifyCall(w.t, buyer.token, '/api/payment/eth_crypto', {
      tid: q.tid,
      txh: `0x${'12'.repeat(32)}`,
      from_wallet: other.address,
    });
    expect([wrongWallet.statusCode, body(wrongWallet).code]).toEqual([409, 'CONFLICT']);
    expect(await paymentOf(w.t.database.db, q.tid)).toMatchObject({ status: 'awaiting_transfer', tx_hash: null });

    const txh = await payQuote(w.chain, buyer, q);
    const first = await verifyCall(w.t, buyer.token, '/api/payment/eth_crypto', { tid: q.tid, txh });
    const again = await verifyCall(w.t, buyer.token, '/api/payment/eth_crypto', { tid: q.tid, txh: txh.toUpperCase().replace('0X', '0x') });
    expect(first.json()).toMatchObject({ status: 'paid' });
    expect(again.json()).toEqual(first.json());
    const another = await payQuote(w.chain, buyer, q);
    const res = await verifyCall(w.t, buyer.token, '/api/payment/eth_crypto', { tid: q.tid, txh: another });
    expect([res.statusCode, body(res).msg]).toEqual([
      409,
      'This payment already has another transaction. Start a new payment to send another one.',
    ]);
    expect(await paymentOf(w.t.database.db, q.tid)).toMatchObject({ status: 'paid', tx_hash: txh.toLowerCase() });
    const order = await orderByCode(w.t.database.db, q.invoice_code);
    expect((await eventKinds(w.t.database.db, order.id)).filter((k) => k === 'paid')).toHaveLength(1);
  });

  it("another player's tid is the same 404 as an unknown one, for verify, read and status", async () => {
    const ship = await shopLine(w.t.database.db, 2, 4n * USD, 'Crypto Private Ship');
    const q = await quote(w.t, buyer.token, '/api/payment/eth_crypto', { id: ship.id });
    const txh = await payQuote(w.chain, buyer, q);
    for (const tid of [q.tid, 'cp_unknownunknownunknown']) {
      const verify = await verifyCall(w.t, other.token, '/api/payment/eth_crypto', { tid, txh });
      const read = await readPayment(w.t, other.token, tid);
      const status = await postAs(w.t, other.token, '/api/payment/eth_crypto/status', { tid, step: 40 });
      for (const res of [verify, read, status])
        expect([res.statusCode, body(res)]).toEqual([404, { error: true, code: 'NOT_FOUND', msg: 'No such payment.' }]);
    }
    // Nothing of the owner's payment moved.
    expect(await paymentOf(w.t.database.db, q.tid)).toMatchObject({ status: 'awaiting_transfer', tx_hash: null });
  });

  it("the browser's step reports are logged with the order and never pay, not even 'validated' (40)", async () => {
    const ship = await shopLine(w.t.database.db, 2, 6n * USD, 'Crypto Reported Ship');
    const q = await quote(w.t, buyer.token, '/api/shop_payment/eth_crypto', {
      ids: [{ id: ship.id, total: 1, object: 'spaceship' }],
    });
    const reports = [
      { tid: q.tid, step: 20, content: 'dialog opened' },
      { tid: q.tid, step: 30, payload: { txh: `0x${'34'.repeat(32)}` }, result: { status: 'success' } },
      { tid: q.tid, step: 40, result: { paid: true }, content: 'validated and confirmed' },
      { tid: q.tid, step: 'VERIFY_TRANSACTION_RESULT', result: 'success' },
      { tid: q.tid, step: 'CLOSE_BROWSER', content: 'User close browser' },
    ];
    for (const report of reports) {
      const res = await postAs(w.t, buyer.token, '/api/payment/eth_crypto/status', report);
      expect([res.statusCode, res.json()]).toEqual([200, { error: false, status: 'awaiting_transfer' }]);
    }
    const order = await orderByCode(w.t.database.db, q.invoice_code);
    expect(order).toMatchObject({ status: 'pending', needs_review: false });
    expect(await paymentOf(w.t.database.db, q.tid)).toMatchObject({ status: 'awaiting_transfer', tx_hash: null });
    const logged = await queryRows<{ payload: { step: unknown; content: unknown; route: string } }>(
      w.t.database.db,
      sql`SELECT payload FROM order_events WHERE order_id = ${order.id} AND kind = 'browser_report' ORDER BY id`,
    );
    expect(logged.map((e) => [e.payload.route, e.payload.step])).toEqual(reports.map((r) => ['eth_crypto', r.step]));
    expect(logged.at(-1)!.payload.content).toBe('User close browser');
  });
});

describe('crypto payments not set up', () => {
  it('answer 503 "Crypto payments are not available right now." and reserve nothing', async () => {
    const t = await createTestApp({ env: { LOCAL_CHAIN: '0' } });
    try {
      await openSale(t.database.db);
      await t.createUser({ username: 'nocrypto', password: 'nocrypto-password-1', wallet: '0x00000000000000000000000000000000000c0001' });
      const { access_token } = await t.login('nocrypto', 'nocrypto-password-1');
      const ship = await shopLine(t.database.db, 1, 5n * USD, 'No Crypto Ship');
      for (const [path, payload] of [
        ['/api/shop_payment/eth_crypto', { ids: [{ id: ship.id, total: 1, object: 'spaceship' }] }],
        ['/api/payment/eth_crypto', { id: ship.id }],
        ['/api/marketplace/buy_session', { id: '1' }],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url: path, payload, headers: bearer(access_token) });
        expect([res.statusCode, body(res)]).toEqual([
          503,
          { error: true, code: 'INTERNAL', msg: 'Crypto payments are not available right now.' },
        ]);
      }
      expect(await stockOf(t.database.db, ship.id)).toBe(1);

      // The calls are documented all the same (OpenAPI at /docs).
      const docs = await t.app.inject({ method: 'GET', url: '/docs/json' });
      expect(docs.statusCode).toBe(200);
      const paths = docs.json().paths as Record<string, Record<string, unknown>>;
      for (const path of [
        '/api/shop_payment/eth_crypto',
        '/api/payment/eth_crypto',
        '/api/marketplace/buy_session',
        '/api/shop_payment/eth_crypto/verify',
        '/api/payment/eth_crypto/verify',
        '/api/marketplace/buy_session/verify',
        '/api/payment/eth_crypto/status',
      ])
        expect(Object.keys(paths[path] ?? {}), path).toEqual(['post']);
      expect(Object.keys(paths['/api/payment/eth_crypto/{tid}'] ?? {})).toEqual(['get']);
      expect(JSON.stringify(paths['/api/payment/eth_crypto/status'])).toContain('CLOSE_BROWSER');
    } finally {
      await t.close();
    }
  });
});

