// Over 200 lines: one table of every owner-scoped call, with the owned things it is aimed at.
/**
 * Issue 17, "Done when": another player's ids sent to every owner-scoped call get a 403/404
 * with nothing changed. The owner (pilot) owns one of everything a call can name: orders of
 * each payment method, a crypto payment, ship and DNC listings, ships, penguins and an avatar
 * upload. The intruder (captain) sends each id to each call that takes one; the calls' docs
 * (docs/api-*.md) all promise a 404, the same answer as an id that does not exist, so that an
 * id never tells whether it is someone's. After each call, the tables that hold what players
 * own are fingerprinted again, and the owner's pages read back through the API: both unchanged.
 *
 * Calls with no id of a player's thing are not here: lists of one's own (GET /api/orders,
 * /api/my/*), collect (the caller's penguins only), redeem (a code is not owned), the cart and
 * price calls (no stored cart), and GET /api/fairness/openings/{id} (public by design, for
 * sharing a proof). Payment provider pages and webhooks are not signed-in calls.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cellAt } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../src/db/client.ts';
import { writeSetting } from '../src/db/settings.ts';
import { creditDnc, creditLandCredit, grantHousePieces, grantPenguins, grantShips } from '../src/modules/assets/index.ts';
import { OrdersService } from '../src/modules/orders/index.ts';
import { seedPenguinCollection } from '../src/modules/penguins/index.ts';
import { addShip, addShopLine } from './catalogue-fixtures.ts';
import { startTestChain, type TestChain } from './chain-fixtures.ts';
import { bearer, body, createTestApp, type TestApp } from './harness.ts';

const USD = 1_000_000n;

type Player = { id: string; name: string; token: string };

/** The ids of what the owner holds: everything the intruder will try to use. */
type Owned = {
  cardOrder: string;
  /** paid: a refusal must still be the 404, not the owner's 409 "paid" */
  paidOrder: string;
  widgetOrder: string;
  cryptoTid: string;
  cryptoOrder: string;
  /** land-credit top-ups (decision 0047): a widget order and a crypto payment */
  topUpOrder: string;
  topUpCryptoTid: string;
  freeShip: string;
  shipListing: string;
  dncListing: string;
  /** held by the intruder's own card checkout: still not theirs to change */
  heldListing: string;
  emptyPenguin: string;
  busyPenguin: string;
  avatarKey: string;
  /** the intruder's own: so that only the owner's half of a two-id call is someone else's */
  intruderShip: string;
  intruderPenguin: string;
  /** a land collection holding one plot, and a plot in no collection */
  landCollection: number;
  plotInCollection: number;
  individualPlot: number;
  intruderPlot: number;
  freeCell: number;
  unitWithdrawal: number;
  /** a Gin to DNC quote (decision 0053) */
  ginTid: string;
};

type Call = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object };

/**
 * Every table that holds what a player owns or what an order went through. Any change to any
 * row (a status, an event logged, a job queued, a ship locked, DNC moved) changes the print.
 */
const OWNED_TABLES = [
  'orders',
  'order_lines',
  'order_events',
  'stock_reservations',
  'listing_reservations',
  'shop_stock',
  'sandbox_checkout_sessions',
  'crypto_payments',
  'jobs',
  'owned_ships',
  'marketplace_listings',
  'dnc_ledger',
  'owned_penguins',
  'penguin_assignments',
  'penguin_collections',
  'avatar_uploads',
  'land_plots',
  'land_collections',
  'land_staking_collections',
  'mint_attempts',
  'mint_reports',
  'owned_house_pieces',
  'house_piece_withdrawals',
  'credit_ledger',
  'gin_conversions',
  'gin_conversion_steps',
  'chain_transfers',
  'users',
] as const;

async function fingerprint(db: Db): Promise<Record<string, string>> {
  const print: Record<string, string> = {};
  for (const table of OWNED_TABLES) {
    const [row] = await queryRows<{ n: number; digest: string | null }>(
      db,
      sql`SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${sql.identifier(table)} t`,
    );
    print[table] = `${row!.n}:${row!.digest ?? ''}`;
  }
  return print;
}

/** A 32 px PNG: a real image, so that the upload would be accepted from its owner. */
const smallPng = () =>
  sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 200, g: 80, b: 20, alpha: 1 } } })
    .png()
    .toBuffer();

/**
 * One row per owner-scoped call: what the intruder sends (the owner's id in it) and the status
 * the call's docs promise. Named after the call, so a failure says which call leaked.
 */
const CALLS: { name: string; status: 403 | 404; call: (o: Owned, intruder: Player) => Call }[] = [
  // Orders (docs/api-orders.md): another player's code is the same 404 as an unknown one.
  { name: 'GET /api/orders/{code}', status: 404, call: (o) => ({ method: 'GET', url: `/api/orders/${o.cardOrder}` }) },
  {
    name: 'GET /api/orders/{code} (a crypto order)',
    status: 404,
    call: (o) => ({ method: 'GET', url: `/api/orders/${o.cryptoOrder}` }),
  },
  { name: 'POST /api/orders/{code}/cancel', status: 404, call: (o) => ({ method: 'POST', url: `/api/orders/${o.cardOrder}/cancel` }) },
  {
    name: 'POST /api/orders/{code}/cancel (a crypto order)',
    status: 404,
    call: (o) => ({ method: 'POST', url: `/api/orders/${o.cryptoOrder}/cancel` }),
  },
  {
    name: 'POST /api/orders/{code}/cancel (a paid order)',
    status: 404,
    call: (o) => ({ method: 'POST', url: `/api/orders/${o.paidOrder}/cancel` }),
  },
  // Continue payment (docs/api-payments.md): 404 not the caller's order.
  {
    name: 'POST /api/orders/{code}/continue_payment (a paid order)',
    status: 404,
    call: (o) => ({ method: 'POST', url: `/api/orders/${o.paidOrder}/continue_payment` }),
  },
  {
    name: 'POST /api/orders/{code}/continue_payment (card)',
    status: 404,
    call: (o) => ({ method: 'POST', url: `/api/orders/${o.cardOrder}/continue_payment` }),
  },
  {
    name: 'POST /api/orders/{code}/continue_payment (widget)',
    status: 404,
    call: (o) => ({ method: 'POST', url: `/api/orders/${o.widgetOrder}/continue_payment` }),
  },
  // The widget's browser reports: another player's tid is a 404 and nothing is logged.
  {
    name: 'PATCH /api/payment/status',
    status: 404,
    call: (o) => ({ method: 'PATCH', url: '/api/payment/status', payload: { tid: o.widgetOrder, status: 2 } }),
  },
  {
    name: 'PATCH /api/shop_payment/status',
    status: 404,
    call: (o) => ({
      method: 'PATCH',
      url: '/api/shop_payment/status',
      payload: { tid: o.widgetOrder, status: 2, step: 'WERT_SUCCESS', content: 'paid' },
    }),
  },
  {
    name: 'POST /api/shop_payment/log',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/shop_payment/log', payload: { tid: o.widgetOrder, event: 'payment-status' } }),
  },
  // Crypto payments: another player's tid is "No such payment." (404), before any chain call.
  {
    name: 'GET /api/payment/eth_crypto/{tid}',
    status: 404,
    call: (o) => ({ method: 'GET', url: `/api/payment/eth_crypto/${o.cryptoTid}` }),
  },
  ...(['/api/shop_payment/eth_crypto/verify', '/api/payment/eth_crypto/verify', '/api/marketplace/buy_session/verify'] as const).map(
    (url) => ({
      name: `POST ${url}`,
      status: 404 as const,
      call: (o: Owned): Call => ({ method: 'POST', url, payload: { tid: o.cryptoTid, txh: `0x${'ab'.repeat(32)}` } }),
    }),
  ),
  {
    name: 'POST /api/payment/eth_crypto/status',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/payment/eth_crypto/status', payload: { tid: o.cryptoTid, step: 'CLOSE_BROWSER' } }),
  },
  // Land-credit top-ups (docs/api-land-credit.md): another player's tid is the same 404 as an unknown one.
  {
    name: 'PATCH /api/credit/payment_status',
    status: 404,
    call: (o) => ({ method: 'PATCH', url: '/api/credit/payment_status', payload: { tid: o.topUpOrder, status: 2 } }),
  },
  {
    name: 'GET /api/orders/{code} (a top-up)',
    status: 404,
    call: (o) => ({ method: 'GET', url: `/api/orders/${o.topUpOrder}` }),
  },
  {
    name: 'POST /api/credit/payment/eth_crypto/verify',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/credit/payment/eth_crypto/verify', payload: { tid: o.topUpCryptoTid, txh: `0x${'cd'.repeat(32)}` } }),
  },
  {
    name: 'POST /api/land/payment/eth_crypto/status',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/land/payment/eth_crypto/status', payload: { tid: o.topUpCryptoTid, step: 40, content: 'User close browser' } }),
  },
  // Player listings (docs/api-my-assets.md): 404 for a ship or listing that is not the caller's.
  {
    name: 'POST /api/marketplace/listing (another player’s ship)',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/marketplace/listing', payload: { item: o.freeShip, price: '50' } }),
  },
  {
    name: 'PATCH /api/marketplace/listing/{id} (a ship listing)',
    status: 404,
    call: (o) => ({ method: 'PATCH', url: `/api/marketplace/listing/${o.shipListing}`, payload: { price: '1' } }),
  },
  {
    name: 'PATCH /api/marketplace/listing/{id} (a DNC listing)',
    status: 404,
    call: (o) => ({ method: 'PATCH', url: `/api/marketplace/listing/${o.dncListing}`, payload: { price: '1' } }),
  },
  {
    name: 'POST /api/marketplace/listing/{id}/cancel (a ship listing)',
    status: 404,
    call: (o) => ({ method: 'POST', url: `/api/marketplace/listing/${o.shipListing}/cancel` }),
  },
  {
    name: 'POST /api/marketplace/listing/{id}/cancel (a DNC listing)',
    status: 404,
    call: (o) => ({ method: 'POST', url: `/api/marketplace/listing/${o.dncListing}/cancel` }),
  },
  {
    name: 'PATCH /api/marketplace/listing/{id} (held by the intruder’s checkout)',
    status: 404,
    call: (o) => ({ method: 'PATCH', url: `/api/marketplace/listing/${o.heldListing}`, payload: { price: '1' } }),
  },
  {
    name: 'POST /api/marketplace/listing/{id}/cancel (held by the intruder’s checkout)',
    status: 404,
    call: (o) => ({ method: 'POST', url: `/api/marketplace/listing/${o.heldListing}/cancel` }),
  },
  // Penguins (docs/api-penguins.md): 404 when the penguin or the ship is not the caller's.
  {
    name: 'POST /api/my/peguins/assign (own ship, another player’s penguin)',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/my/peguins/assign', payload: { spaceship: o.intruderShip, peguin: o.emptyPenguin } }),
  },
  {
    name: 'POST /api/my/peguins/assign (own ship, another player’s penguin holding a ship)',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/my/peguins/assign', payload: { spaceship: o.intruderShip, peguin: o.busyPenguin } }),
  },
  {
    name: 'POST /api/my/peguins/assign (another player’s ship, own penguin)',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/my/peguins/assign', payload: { spaceship: o.freeShip, peguin: o.intruderPenguin } }),
  },
  {
    name: 'DELETE /api/my/peguins/assign/{id}',
    status: 404,
    call: (o) => ({ method: 'DELETE', url: `/api/my/peguins/assign/${o.busyPenguin}` }),
  },
  {
    name: 'DELETE /api/my/peguins/assign/{id} (a penguin holding no ship)',
    status: 404,
    call: (o) => ({ method: 'DELETE', url: `/api/my/peguins/assign/${o.emptyPenguin}` }),
  },
  // Avatar uploads (docs/api-profile.md): another player's key is a 404.
  { name: 'POST /api/account/avatar', status: 404, call: (o) => ({ method: 'POST', url: '/api/account/avatar', payload: { key: o.avatarKey } }) },
  {
    name: 'POST /api/account/change_avatar',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/account/change_avatar', payload: { key: o.avatarKey } }),
  },
  {
    name: 'POST /api/account/change_profile (with another player’s avatar key)',
    status: 404,
    call: (o, intruder) => ({
      method: 'POST',
      url: '/api/account/change_profile',
      payload: { username: intruder.name, avatar: o.avatarKey },
    }),
  },
  {
    name: 'GET /api/collections/lands',
    status: 404,
    call: (o) => ({ method: 'GET', url: `/api/collections/lands?collection_id=${o.landCollection}` }),
  },
  {
    name: 'POST /api/collections/setname',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/collections/setname', payload: { id: o.landCollection, name: 'Taken over' } }),
  },
  { name: 'POST /api/collections/remove', status: 404, call: (o) => ({ method: 'POST', url: '/api/collections/remove', payload: { id: o.landCollection } }) },
  {
    name: 'POST /api/collections/add_lands (own plot, another player’s collection)',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/collections/add_lands', payload: { collection_id: o.landCollection, items: [o.intruderPlot] } }),
  },
  {
    name: 'POST /api/collections/remove_lands',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/collections/remove_lands', payload: { collection_id: o.landCollection, items: [o.plotInCollection] } }),
  },
  {
    name: 'POST /api/collections/move_land (another player’s plots out of their collection)',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/collections/move_land', payload: { type: 'individual', lands: [o.plotInCollection] } }),
  },
  {
    name: 'POST /api/collections/move_land (another player’s individual plot)',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/collections/move_land', payload: { type: 'individual', lands: [o.individualPlot] } }),
  },
  // Minting (docs/api-minting.md): another player's collection is the same 404 as an unknown one.
  { name: 'POST /api/lands/mint', status: 404, call: (o) => ({ method: 'POST', url: '/api/lands/mint', payload: { id: o.landCollection } }) },
  // Unit pieces to the wallet (docs/api-minting.md): another player's withdrawal is the same 404 as an unknown one.
  { name: 'GET /api/units/withdrawals/{id}', status: 404, call: (o) => ({ method: 'GET', url: `/api/units/withdrawals/${o.unitWithdrawal}` }) },
  // Gin to DNC (docs/api-gin.md): another player's tid is the same 404 as an unknown one, before any chain call.
  { name: 'GET /api/convert/gin/{tid}', status: 404, call: (o) => ({ method: 'GET', url: `/api/convert/gin/${o.ginTid}` }) },
  {
    name: 'POST /api/convert/gin/status',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/convert/gin/status', payload: { tid: o.ginTid, step: 40, result: 'ok' } }),
  },
  {
    name: 'POST /api/convert/gin/verify',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/convert/gin/verify', payload: { tid: o.ginTid, txh: `0x${'ef'.repeat(32)}`, network: '0x7a69' } }),
  },
  {
    name: 'POST /api/minting/request/mint_status',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/minting/request/mint_status', payload: { collectionID: o.landCollection } }),
  },
  // Ship to NFT (decision 0052): another player's ship, and another player's mint-fee payment.
  { name: 'POST /api/minting/request/', status: 404, call: (o) => ({ method: 'POST', url: '/api/minting/request/', payload: { item_id: o.freeShip } }) },
  {
    name: 'PATCH /api/minting/request/status',
    status: 404,
    call: (o) => ({ method: 'PATCH', url: '/api/minting/request/status', payload: { tid: o.cryptoTid, status: 1, receiver: '0x1' } }),
  },
  {
    name: 'POST /api/minting/request/verify_payment',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/minting/request/verify_payment', payload: { tid: o.cryptoTid, txh: `0x${'ab'.repeat(32)}` } }),
  },
  {
    name: 'POST /api/lands/my_assets/collection',
    status: 404,
    call: (o) => ({ method: 'POST', url: '/api/lands/my_assets/collection', payload: { item: { cell_id: o.plotInCollection } } }),
  },
  {
    name: 'POST /api/land/payment/credit (into another player’s collection)',
    status: 404,
    call: (o) => ({
      method: 'POST',
      url: '/api/land/payment/credit',
      payload: { price: 1, type: 'collection', collection: o.landCollection, items: [{ id: o.freeCell }] },
    }),
  },
];

describe('owner-scoped calls: another player’s id is refused and changes nothing', () => {
  let chain: TestChain;
  let t: TestApp;
  let dataDir: string;
  let pilot: Player;
  let captain: Player;
  let owned: Owned;
  const db = () => t.database.db;
  const send = (c: Call, token: string): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: c.method, url: c.url, headers: bearer(token), ...(c.payload ? { payload: c.payload } : {}) });
  const ok = async (c: Call, token: string) => {
    const res = await send(c, token);
    expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(200);
    return res.json() as Record<string, unknown>;
  };

  /** What the owner sees of their things through the API. */
  const ownerPages = async () => ({
    orders: await ok({ method: 'GET', url: '/api/orders?limit=50' }, pilot.token),
    crypto: await ok({ method: 'GET', url: `/api/payment/eth_crypto/${owned.cryptoTid}` }, pilot.token),
    listings: await ok({ method: 'GET', url: '/api/my/listings' }, pilot.token),
    assets: await ok({ method: 'GET', url: '/api/my/assets?limit=100' }, pilot.token),
    penguins: await ok({ method: 'GET', url: '/api/my/peguins' }, pilot.token),
    profile: await ok({ method: 'GET', url: '/api/account/profile' }, pilot.token),
    lands: await ok({ method: 'GET', url: '/api/lands/my_assets' }, pilot.token),
    collections: await ok({ method: 'GET', url: '/api/collections/fetch' }, pilot.token),
    unitWithdrawals: await ok({ method: 'GET', url: '/api/units/withdrawals' }, pilot.token),
    gin: await ok({ method: 'GET', url: `/api/convert/gin/${owned.ginTid}` }, pilot.token),
  });

  async function player(name: string, wallet: string): Promise<Player> {
    const id = await t.createUser({ username: name, password: `${name}-password-1`, wallet: wallet.toLowerCase() });
    return { id, name, token: (await t.login(name, `${name}-password-1`)).access_token };
  }

  /** Pays an order as a verified provider webhook would. */
  async function payAsTheProviderWould(code: string): Promise<void> {
    const [order] = await queryRows<{ id: number; total: string }>(
      db(),
      sql`SELECT id::int AS id, total_micro::text AS total FROM orders WHERE code = ${code}`,
    );
    const orders = new OrdersService({ db: db(), reservationMinutes: 30 });
    const outcome = await orders.markPaid(Number(order!.id), { provider: 'sandbox', eventId: `evt_${code}`, amountMicro: BigInt(order!.total) });
    expect(outcome).toBe('paid');
  }

  async function shipOf(p: Player): Promise<string> {
    const shipId = await addShip(db());
    const [copy] = await db().transaction((tx) =>
      grantShips(tx, { userId: p.id, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex: 0 }] }),
    );
    return String(copy!.id);
  }

  beforeAll(async () => {
    // Crypto quotes read the payment token on chain: a real anvil, as the crypto tests use.
    chain = await startTestChain();
    dataDir = await mkdtemp(path.join(tmpdir(), 'starport-owner-scoped-'));
    t = await createTestApp({ env: { ...chain.env, DATA_DIR: dataDir } });
    await writeSetting(db(), 'sale_program', 1);
    await seedPenguinCollection(db());
    pilot = await player('pilot', chain.wallet(1).account.address);
    captain = await player('captain', chain.wallet(2).account.address);
    const line = await addShopLine(db(), { stock: 50, sellMicro: 10n * USD });
    const cart = { ids: [{ id: line.id, total: 1, object: 'spaceship' }] };

    const card = await ok({ method: 'POST', url: '/api/stripe/buy', payload: cart }, pilot.token);
    const paid = await ok({ method: 'POST', url: '/api/stripe/buy', payload: cart }, pilot.token);
    await payAsTheProviderWould(paid.order as string);
    const widget = await ok({ method: 'POST', url: '/api/shop_payment/wertio', payload: cart }, pilot.token);
    const crypto = await ok({ method: 'POST', url: '/api/shop_payment/eth_crypto', payload: cart }, pilot.token);
    const topUp = await ok({ method: 'POST', url: '/api/credit/payment/wertio', payload: { quantity: 3 } }, pilot.token);
    const topUpCrypto = await ok({ method: 'POST', url: '/api/credit/payment/eth_crypto', payload: { quantity: 2 } }, pilot.token);

    const [freeShip, listedShip, heldShip, penguinShip, intruderShip] = [
      await shipOf(pilot),
      await shipOf(pilot),
      await shipOf(pilot),
      await shipOf(pilot),
      await shipOf(captain),
    ];
    await db().transaction(async (tx) => {
      await creditDnc(tx, { userId: pilot.id, amount: 5_000, reason: 'test grant' });
      await grantPenguins(tx, { userId: pilot.id, penguinIds: [1, 25] });
      await grantPenguins(tx, { userId: captain.id, penguinIds: [2] });
    });
    const listingId = (r: Record<string, unknown>) => (r.listing as { _id: string })._id;
    const shipListing = await ok({ method: 'POST', url: '/api/marketplace/listing', payload: { item: listedShip, price: '120' } }, pilot.token);
    const heldListing = await ok({ method: 'POST', url: '/api/marketplace/listing', payload: { item: heldShip, price: '80' } }, pilot.token);
    // The intruder starts buying it: the listing is now held by their checkout.
    await ok(
      { method: 'POST', url: '/api/stripe/buy', payload: { type: 2, items: [{ id: listingId(heldListing), object: 'listing', total: 1 }] } },
      captain.token,
    );
    const dncListing = await ok({ method: 'POST', url: '/api/marketplace/listing_dnc', payload: { dnc: 1_000, price: '30' } }, pilot.token);
    await ok({ method: 'POST', url: '/api/my/peguins/assign', payload: { spaceship: penguinShip, peguin: '1' } }, pilot.token);

    // Land: pilot holds a collection with one plot and a plot in none; captain a plot of his own (and credit to spend).
    const cells = [0, 1, 2, 3].map((n) => cellAt(2_000, n).id);
    await db().transaction(async (tx) => {
      await creditLandCredit(tx, { userId: pilot.id, amount: 2, reason: 'test top-up' });
      await creditLandCredit(tx, { userId: captain.id, amount: 2, reason: 'test top-up' });
    });
    await ok({ method: 'POST', url: '/api/land/payment/credit', payload: { price: 2, items: [{ id: cells[0] }, { id: cells[1] }] } }, pilot.token);
    await ok({ method: 'POST', url: '/api/land/payment/credit', payload: { price: 1, items: [{ id: cells[2] }] } }, captain.token);
    const landCollection = await ok({ method: 'POST', url: '/api/collection/create_and_move', payload: { name: 'Home', lands: [cells[0]] } }, pilot.token);

    // Unit pieces: pilot withdrew one of his two pieces of Apart 7 to his wallet (the mint stays queued).
    await db().execute(sql`INSERT INTO house_unit_types (type, apart_from, apart_to, area_m2, floors, rooms, housing, total_pieces, price_micro)
      VALUES (1, 1, 24, 28, 1, 1, 2, 160, 200000000) ON CONFLICT DO NOTHING`);
    await db().execute(sql`INSERT INTO house_units (apartment, type) VALUES (7, 1) ON CONFLICT DO NOTHING`);
    await db().transaction((tx) => grantHousePieces(tx, { userId: pilot.id, apartment: 7, pieces: 2 }));
    const unitWithdrawal = await ok({ method: 'POST', url: '/api/units/withdraw', payload: { apartment: 7, pieces: 1 } }, pilot.token);
    const ginQuote = await ok({ method: 'GET', url: '/api/convert/gin/config?total=2' }, pilot.token);

    const signed = await ok({ method: 'POST', url: '/api/account/avatar/sign_url', payload: { file_name: 'me.png' } }, pilot.token);
    const put = await t.app.inject({
      method: 'PUT',
      url: signed.url as string,
      headers: { 'content-type': 'application/octet-stream' },
      payload: await smallPng(),
    });
    expect(put.statusCode, put.body).toBe(200);

    owned = {
      cardOrder: card.order as string,
      paidOrder: paid.order as string,
      widgetOrder: widget.tid as string,
      cryptoTid: crypto.tid as string,
      cryptoOrder: crypto.invoice_code as string,
      topUpOrder: topUp.tid as string,
      topUpCryptoTid: topUpCrypto.tid as string,
      freeShip,
      shipListing: listingId(shipListing),
      dncListing: listingId(dncListing),
      heldListing: listingId(heldListing),
      emptyPenguin: '25',
      busyPenguin: '1',
      avatarKey: signed.key as string,
      intruderShip,
      intruderPenguin: '2',
      landCollection: landCollection.collection_id as number,
      plotInCollection: cells[0]!,
      individualPlot: cells[1]!,
      intruderPlot: cells[2]!,
      freeCell: cells[3]!,
      unitWithdrawal: (unitWithdrawal.withdrawal as { id: number }).id,
      ginTid: ginQuote.tid as string,
    };
  });
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it.each(CALLS)('$name: $status, nothing changed', async ({ call, status }) => {
    const c = call(owned, captain);
    const pagesBefore = await ownerPages();
    const printBefore = await fingerprint(db());

    const res = await send(c, captain.token);
    expect(res.statusCode, res.body).toBe(status);
    expect(body(res)).toMatchObject({ error: true, msg: expect.stringMatching(/\w/) });
    // The answer names nothing of the owner's: not their name, not what the id points at.
    expect(res.body).not.toContain(pilot.name);

    expect(await fingerprint(db())).toEqual(printBefore);
    expect(await ownerPages()).toEqual(pagesBefore);
  });

  // The ids were good ones: the same calls from their owner succeed (run last, as they change things).
  it('the owner’s own calls with the same ids succeed', async () => {
    const pilotCall = (c: Call) => ok(c, pilot.token);
    await pilotCall({ method: 'GET', url: `/api/orders/${owned.cardOrder}` });
    await pilotCall({ method: 'GET', url: `/api/units/withdrawals/${owned.unitWithdrawal}` });
    await pilotCall({ method: 'POST', url: `/api/orders/${owned.widgetOrder}/continue_payment` });
    await pilotCall({ method: 'PATCH', url: '/api/payment/status', payload: { tid: owned.widgetOrder, status: 1 } });
    await pilotCall({ method: 'POST', url: '/api/payment/eth_crypto/status', payload: { tid: owned.cryptoTid, step: 20 } });
    await pilotCall({ method: 'PATCH', url: '/api/credit/payment_status', payload: { tid: owned.topUpOrder, status: 1 } });
    await pilotCall({ method: 'POST', url: '/api/land/payment/eth_crypto/status', payload: { tid: owned.topUpCryptoTid, step: 20 } });
    await pilotCall({ method: 'PATCH', url: `/api/marketplace/listing/${owned.shipListing}`, payload: { price: '99' } });
    await pilotCall({ method: 'POST', url: `/api/marketplace/listing/${owned.dncListing}/cancel` });
    await pilotCall({ method: 'DELETE', url: `/api/my/peguins/assign/${owned.busyPenguin}` });
    await pilotCall({ method: 'POST', url: '/api/my/peguins/assign', payload: { spaceship: owned.freeShip, peguin: owned.emptyPenguin } });
    await pilotCall({ method: 'POST', url: '/api/account/avatar', payload: { key: owned.avatarKey } });
    await pilotCall({ method: 'POST', url: '/api/collections/move_land', payload: { type: 'collection', collection_id: owned.landCollection, lands: [owned.individualPlot] } });
    await pilotCall({ method: 'POST', url: '/api/collections/setname', payload: { id: owned.landCollection, name: 'Still mine' } });
    await pilotCall({ method: 'POST', url: `/api/orders/${owned.cardOrder}/cancel` });
  });
});
