import { GIN_TEXT, type GinConversionResponse, type GinConversionsResponse, type GinTermsResponse, type MyHistoryResponse } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimTransfer } from '../../chain/transfer-claims.ts';
import { queryRows } from '../../db/client.ts';
import { addShopLine } from '../../../test/catalogue-fixtures.ts';
import { writeSetting } from '../../db/settings.ts';
import {
  BURN,
  burnQuote,
  dncRowsOf,
  getAs,
  GIN,
  ginPlayer,
  ginQuote,
  ginSettled,
  mine,
  postAs,
  sendGin,
  startGinWorld,
  verified,
  verifyGin,
  type GinPlayer,
  type GinWorld,
} from './gin.fixtures.ts';

/**
 * Gin to DNC on a real anvil (decision 0053): only a confirmed burn of the quoted Gin, from the
 * linked wallet, to the burn address, after the quote, credits 5 DNC per Gin, and once.
 */
describe('Gin to DNC on anvil', () => {
  let w: GinWorld;
  let ann: GinPlayer;
  let bob: GinPlayer;
  beforeAll(async () => {
    w = await startGinWorld();
    ann = await ginPlayer(w, 'gin_ann', 1);
    bob = await ginPlayer(w, 'gin_bob', 2);
  });
  afterAll(() => w?.stop());

  const balanceOf = async (p: GinPlayer) => (await dncRowsOf(w.t.database.db, p.userId)).reduce((s, r) => s + r.amount, 0);

  it('terms: the test chain with its Gin contract, the burn address, 5 DNC per Gin, gas limit 500000', async () => {
    const res = await w.t.app.inject({ url: '/api/convert/gin/terms' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual<GinTermsResponse>({
      error: false,
      networks: [
        {
          network: w.network,
          chain_id: w.chain.anvil.chainId,
          name: 'Test chain',
          token: w.chain.addresses.ginToken.toLowerCase() as `0x${string}`,
          token_decimals: 18,
          burn_address: BURN,
          explorer_url: 'https://explorer.test',
        },
      ],
      dnc_per_gin: 5,
      min: 1,
      max: 1_000_000,
      gas_limit: 500_000,
    });
  });

  it('a quote is never cached and names the linked wallet, the burn address and the exact amount', async () => {
    const res = await getAs(w.t, ann.token, `/api/convert/gin/config?total=3`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      error: false,
      status: 'quoted',
      network: w.network,
      total: 3,
      amount: (3n * GIN).toString(),
      dnc: 15,
      payer: ann.address.toLowerCase(),
      burn_address: BURN,
      gas_limit: 500_000,
    });
    expect(res.json().tid).toMatch(/^gc_/);
  });

  it('no linked wallet: 409, and no quote', async () => {
    const walletless = await w.t.signUp('gin_walletless');
    const res = await getAs(w.t, walletless.token, `/api/convert/gin/config?total=1`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/Link a wallet/);
  });

  it('a burn of N Gin credits 5×N DNC once; the same report again credits nothing more', async () => {
    const q = await ginQuote(w.t, ann.token, 4);
    const txh = await burnQuote(w.chain, ann, q);
    const first = await verified(w, ann.token, { tid: q.tid, txh });
    expect(first.conversion).toMatchObject({ status: 'credited', txh: txh.toLowerCase(), tx_url: `https://explorer.test/tx/${txh.toLowerCase()}`, failure: null });
    expect(first.msg).toBe('20 DNC was added to your balance for 4 Gin.');
    expect(first.dnc_balance).toBe(20);
    const again = await verified(w, ann.token, { tid: q.tid, txh });
    expect(again.conversion.status).toBe('credited');
    expect(again.dnc_balance).toBe(20);
    // The job queued with the report finds nothing left to do.
    await ginSettled(w, ann.token, q.tid);
    const rows = (await dncRowsOf(w.t.database.db, ann.userId)).filter((r) => r.gin_conversion_id !== null);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amount).toBe(20);
    // Its receipt is in the owner page's History, and the conversion in the player's list.
    const history = (await getAs(w.t, ann.token, '/api/my/history')).json() as MyHistoryResponse;
    expect(history.data.filter((e) => e.kind === 'gin_conversion')).toEqual([
      expect.objectContaining({ title: 'Gin converted to DNC', direction: 'in', dnc: 20, link: '/my/gin-exchange', usd: null }),
    ]);
    const list = (await getAs(w.t, ann.token, '/api/convert/gin/conversions')).json() as GinConversionsResponse;
    expect(list.data.find((c) => c.tid === q.tid)?.status).toBe('credited');
  });

  it('the same transaction reported for a second quote is refused', async () => {
    const q1 = await ginQuote(w.t, bob.token, 2);
    const q2 = await ginQuote(w.t, bob.token, 2);
    const txh = await burnQuote(w.chain, bob, q1);
    expect((await verified(w, bob.token, { tid: q1.tid, txh })).conversion.status).toBe('credited');
    const second = await verified(w, bob.token, { tid: q2.tid, txh });
    expect(second.conversion.status).toBe('failed');
    expect(second.msg).toBe(`${GIN_TEXT.cannotValidate} Transaction ${txh.toLowerCase()}: this transfer was already used.`);
    expect(second.dnc_balance).toBe(10);
  });

  it('from another wallet, to another address, for less, or mined before the quote: failed, nothing credited', async () => {
    const player = await ginPlayer(w, 'gin_cara', 3);
    await ginPlayer(w, 'gin_dave', 4);
    const fail = async (txh: string, tid: string, why: string) => {
      const answer = await verified(w, player.token, { tid, txh });
      expect(answer.conversion.status).toBe('failed');
      expect(answer.msg).toBe(`${GIN_TEXT.cannotValidate} Transaction ${txh.toLowerCase()}: ${why}`);
      expect(answer.dnc_balance).toBe(0);
    };
    const fromOther = await ginQuote(w.t, player.token, 1);
    await fail(await sendGin(w.chain, { from: 4, to: BURN, amount: GIN }), fromOther.tid, 'the Gin did not come from your linked wallet.');
    const toOther = await ginQuote(w.t, player.token, 1);
    await fail(await sendGin(w.chain, { from: 3, to: w.chain.recipient, amount: GIN }), toOther.tid, 'the Gin was not sent to the burn address.');
    const less = await ginQuote(w.t, player.token, 5);
    await fail(await sendGin(w.chain, { from: 3, to: BURN, amount: 4n * GIN }), less.tid, 'it burnt 4 Gin, not the 5 Gin quoted. Nothing was credited.');
    const early = await sendGin(w.chain, { from: 3, to: BURN, amount: GIN });
    const after = await ginQuote(w.t, player.token, 1);
    await fail(early, after.tid, 'it was sent before this conversion was quoted.');
    expect(await balanceOf(player)).toBe(0);
  });

  it('more than quoted: sent to review, nothing credited automatically', async () => {
    const player = await ginPlayer(w, 'gin_erin', 5);
    const q = await ginQuote(w.t, player.token, 1);
    const txh = await sendGin(w.chain, { from: 5, to: BURN, amount: 2n * GIN });
    const answer = await verified(w, player.token, { tid: q.tid, txh });
    expect(answer.conversion.status).toBe('review');
    expect(answer.msg).toMatch(/more than the 1 Gin quoted/);
    expect(answer.dnc_balance).toBe(0);
  });

  it('a network other than the quote’s: 400; another player’s tid: 404 on every call', async () => {
    const q = await ginQuote(w.t, ann.token, 1);
    const txh = `0x${'ab'.repeat(32)}`;
    const wrong = await verifyGin(w, ann.token, { tid: q.tid, txh, network: '0x38' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(`This conversion was quoted on network ${w.network}; report the transaction sent there.`);
    expect((await verifyGin(w, bob.token, { tid: q.tid, txh })).statusCode).toBe(404);
    expect((await postAs(w.t, bob.token, '/api/convert/gin/status', { tid: q.tid, step: 30 })).statusCode).toBe(404);
    expect((await getAs(w.t, bob.token, `/api/convert/gin/${q.tid}`)).statusCode).toBe(404);
    expect((await getAs(w.t, ann.token, `/api/convert/gin/${q.tid}`)).statusCode).toBe(200);
  });

  it('the status log never credits, whatever step the browser claims', async () => {
    const player = await ginPlayer(w, 'gin_finn', 6);
    const q = await ginQuote(w.t, player.token, 2);
    await burnQuote(w.chain, player, q);
    for (const step of [20, 30, 40]) {
      const res = await postAs(w.t, player.token, '/api/convert/gin/status', { tid: q.tid, step, result: 'ok', payload: { txh: 'x' } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [steps] = await queryRows<{ n: number }>(
      w.t.database.db,
      sql`SELECT count(*)::int AS n FROM gin_conversion_steps s JOIN gin_conversions c ON c.id = s.conversion_id WHERE c.tid = ${q.tid}`,
    );
    expect(steps!.n).toBe(3);
    const now = (await getAs(w.t, player.token, `/api/convert/gin/${q.tid}`)).json() as GinConversionResponse;
    expect(now.conversion.status).toBe('quoted');
    expect(now.dnc_balance).toBe(0);
  });

  it('across areas: a transfer an order payment claimed cannot credit a conversion, nor the reverse', async () => {
    const player = await ginPlayer(w, 'gin_gus', 7);
    await writeSetting(w.t.database.db, 'sale_program', 1);
    const ship = await addShopLine(w.t.database.db, { stock: 5, sellMicro: 3_000_000n, name: 'Gin Claim Skiff' });
    const paymentQuote = await postAs(w.t, player.token, '/api/payment/eth_crypto', { id: ship.id });
    expect(paymentQuote.statusCode, paymentQuote.body).toBe(200);
    const [payment] = await queryRows<{ id: number }>(
      w.t.database.db,
      sql`SELECT id::int AS id FROM crypto_payments WHERE tid = ${paymentQuote.json().tid}`,
    );
    const chainId = w.chain.anvil.chainId;
    const transferOf = (logIndex: number, value: bigint) => ({
      token: w.chain.addresses.ginToken.toLowerCase() as `0x${string}`,
      from: player.address.toLowerCase() as `0x${string}`,
      to: BURN as `0x${string}`,
      value,
      logIndex,
      blockNumber: 1n,
    });

    // An order payment claims the burn's (chain, tx, log) first: the conversion cannot use it.
    const q1 = await ginQuote(w.t, player.token, 1);
    const tx1 = await burnQuote(w.chain, player, q1);
    const claimed = await w.t.database.db.transaction((tx) =>
      claimTransfer(tx, { chainId, txHash: tx1, claimant: { cryptoPaymentId: payment!.id }, transfer: transferOf(0, GIN) }),
    );
    expect(claimed).toBe(true);
    const refused = await verified(w, player.token, { tid: q1.tid, txh: tx1 });
    expect(refused.conversion.status).toBe('failed');
    expect(refused.msg).toMatch(/this transfer was already used/);

    // The reverse: a conversion credited by a burn, whose key an order payment then cannot claim.
    const q2 = await ginQuote(w.t, player.token, 1);
    const tx2 = await burnQuote(w.chain, player, q2);
    expect((await verified(w, player.token, { tid: q2.tid, txh: tx2 })).conversion.status).toBe('credited');
    const again = await w.t.database.db.transaction((tx) =>
      claimTransfer(tx, { chainId, txHash: tx2, claimant: { cryptoPaymentId: payment!.id }, transfer: transferOf(0, GIN) }),
    );
    expect(again).toBe(false);
    expect(await balanceOf(player)).toBe(5);
  });

  it('quotes are rate-limited per player: 429 after 10 in 10 minutes', async () => {
    const player = await w.t.signUp('gin_hasty', { wallet: `0x${'12'.repeat(20)}` });
    for (let i = 0; i < 10; i++) expect((await getAs(w.t, player.token, '/api/convert/gin/config?total=1')).statusCode).toBe(200);
    const limited = await getAs(w.t, player.token, '/api/convert/gin/config?total=1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('Gin to DNC: a transfer not confirmed yet', () => {
  let w: GinWorld;
  let player: GinPlayer;
  beforeAll(async () => {
    w = await startGinWorld({ confirmations: 3 });
    player = await ginPlayer(w, 'gin_slow', 1);
  });
  afterAll(() => w?.stop());

  it('stays verifying, and the job credits once enough blocks are mined', async () => {
    const q = await ginQuote(w.t, player.token, 6);
    const txh = await burnQuote(w.chain, player, q);
    const first = await verified(w, player.token, { tid: q.tid, txh });
    expect(first.conversion.status).toBe('verifying');
    expect(first.dnc_balance).toBe(0);
    await mine(w.chain, 2);
    const settled = await ginSettled(w, player.token, q.tid);
    expect(settled.conversion.status).toBe('credited');
    expect(settled.dnc_balance).toBe(30);
    expect((await dncRowsOf(w.t.database.db, player.userId)).filter((r) => r.gin_conversion_id !== null)).toHaveLength(1);
  });
});
