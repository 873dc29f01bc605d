import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { addListing } from '../../../test/catalogue-fixtures.ts';
import { queryRows } from '../../db/client.ts';
import { startCryptoWorld, walletPlayer, type CryptoWorld, type Player } from './crypto-fixtures.ts';
import { ABANDONED_CLAIM_SECONDS, claimKey, readKey } from './idempotency.repo.ts';
import { answerOnce, IN_PROGRESS_MSG, KEY_REUSED_MSG } from './idempotent-start.ts';
import { openSale, shopLine, stockOf, USD } from './payments.fixtures.ts';

/** Runs on PGlite by default and on PostgreSQL with DATABASE_URL set: the race is the point. */
describe('Idempotency-Key on the payment-opening calls', () => {
  let t: TestApp;
  let token: string;
  let userId: string;
  let otherToken: string;
  let ship: { id: string; name: string };

  const post = (url: string, payload: object, key?: string, auth = token) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...bearer(auth), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    });
  const ordersOf = async (id = userId) =>
    (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${id}`))[0]!
      .n;
  const cart = (total = 1) => ({ ids: [{ id: ship.id, total, object: 'spaceship' }] });

  beforeAll(async () => {
    // Every test opens orders and none pays them: room for more unpaid orders than a player has.
    t = await createTestApp({ env: { ORDER_MAX_PENDING: '100' } });
    userId = await t.createUser({ username: 'clicker', password: 'clicker-password-1' });
    token = (await t.login('clicker', 'clicker-password-1')).access_token;
    await t.createUser({ username: 'other', password: 'other-password-1' });
    otherToken = (await t.login('other', 'other-password-1')).access_token;
    ship = await shopLine(t.database.db, 1000, 40n * USD, 'Twin Click');
    await openSale(t.database.db);
  });
  afterAll(async () => t?.close());

  const openers: [string, string, () => object][] = [
    ['card, cart', '/api/stripe/buy', () => cart(2)],
    ['card, item form', '/api/stripe/buy', () => ({ type: 2, items: cart(2).ids })],
    ['widget, cart', '/api/shop_payment/wertio', () => cart(2)],
    ['widget, item page', '/api/payment/wertio', () => ({ id: ship.id })],
  ];

  it.each(openers)('%s: 6 identical requests at once open one order, all with the first answer', async (_, url, payload) => {
    const orders = await ordersOf();
    const stock = await stockOf(t.database.db, ship.id);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(url, payload(), key)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const first = answers[0]!.body;
    for (const r of answers) expect(r.body).toBe(first);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await ordersOf()).toBe(orders + 1);
    const taken = url.startsWith('/api/payment/') ? 1 : 2;
    expect(await stockOf(t.database.db, ship.id)).toBe(stock - taken);
    // Later, too: the same answer, nothing new.
    const again = await post(url, payload(), key);
    expect(again.body).toBe(first);
    expect(await ordersOf()).toBe(orders + 1);
  });

  it('without the header every request opens its own order, as before', async () => {
    const orders = await ordersOf();
    const [a, b] = await Promise.all([post('/api/stripe/buy', cart()), post('/api/stripe/buy', cart())]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(body(a!).order).not.toBe(body(b!).order);
    expect(await ordersOf()).toBe(orders + 2);
  });

  it('the same key with another body or another call is a 422 with a sentence, opening nothing', async () => {
    const key = randomUUID();
    expect((await post('/api/stripe/buy', cart(1), key)).statusCode).toBe(200);
    const orders = await ordersOf();
    for (const res of [await post('/api/stripe/buy', cart(3), key), await post('/api/shop_payment/wertio', cart(1), key)]) {
      expect(res.statusCode).toBe(422);
      expect(body(res)).toEqual({ error: true, code: 'IDEMPOTENCY_KEY_REUSED', msg: KEY_REUSED_MSG });
    }
    expect(await ordersOf()).toBe(orders);
  });

  it('the same body with its keys in another order is the same request', async () => {
    const key = randomUUID();
    const a = await post('/api/stripe/buy', { ids: [{ id: ship.id, total: 1, object: 'spaceship' }] }, key);
    const b = await post('/api/stripe/buy', { ids: [{ object: 'spaceship', total: 1, id: ship.id }] }, key);
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
  });

  it('a key belongs to its player: another player with the same key opens their own order', async () => {
    const key = randomUUID();
    const mine = await post('/api/stripe/buy', cart(), key);
    const theirs = await post('/api/stripe/buy', cart(), key, otherToken);
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(body(theirs).order).not.toBe(body(mine).order);
  });

  it('a refused request keeps nothing: the same key tries again and can succeed', async () => {
    const key = randomUUID();
    await openSale(t.database.db, false);
    const closed = await post('/api/stripe/buy', cart(), key);
    await openSale(t.database.db);
    expect(closed.statusCode).toBe(403);
    const orders = await ordersOf();
    const retried = await post('/api/stripe/buy', cart(), key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf()).toBe(orders + 1);
  });

  it('an expired key is forgotten: it opens a new order', async () => {
    const key = randomUUID();
    const first = await post('/api/stripe/buy', cart(), key);
    expect(first.statusCode).toBe(200);
    const days = await queryRows<{ hours: number }>(
      t.database.db,
      sql`SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours
          FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`,
    );
    expect(days[0]!.hours).toBe(24);
    await t.database.db.execute(
      sql`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE user_id = ${userId} AND key = ${key}`,
    );
    const later = await post('/api/stripe/buy', cart(), key);
    expect(later.statusCode).toBe(200);
    expect(body(later).order).not.toBe(body(first).order);
  });

  it('a claim its server never answered (killed, or its connection lost) is taken over after a while', async () => {
    const key = randomUUID();
    // What a request leaves when its server dies mid-way: the claim, no answer, nothing released.
    await t.database.db.execute(
      sql`INSERT INTO idempotency_keys (user_id, key, fingerprint, expires_at)
          VALUES (${userId}, ${key}, 'left-by-a-dead-request', now() + interval '1 day')`,
    );
    const young = await readKey(t.database.db, userId, key);
    expect(young?.answer).toBeNull();
    // Still young: it may yet answer, so a repeat is not run (claimKey refuses it).
    expect(await claimKey(t.database.db, userId, key, 'repeat', new Date(Date.now() + 86_400_000))).toBe(false);
    await t.database.db.execute(
      sql`UPDATE idempotency_keys SET created_at = now() - make_interval(secs => ${ABANDONED_CLAIM_SECONDS + 1})
          WHERE user_id = ${userId} AND key = ${key}`,
    );
    const retried = await post('/api/stripe/buy', cart(), key);
    expect(retried.statusCode).toBe(200);
    const again = await post('/api/stripe/buy', cart(), key);
    expect(again.body).toBe(retried.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('a malformed key is a 400 with a sentence', async () => {
    const orders = await ordersOf();
    for (const key of ['', 'x'.repeat(256), 'has space']) {
      const res = await post('/api/stripe/buy', cart(), key);
      expect(res.statusCode, key).toBe(400);
      expect(body(res).msg).toBe('The Idempotency-Key header must be 1 to 255 visible ASCII characters.');
    }
    expect(await ordersOf()).toBe(orders);
  });

  it('a repeat while the first still runs waits for its answer, or is told to retry (409)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const key = randomUUID();
    const req = {
      headers: { 'idempotency-key': key },
      method: 'POST',
      routeOptions: { url: '/test' },
      body: { a: 1 },
      auth: { userId },
    } as unknown as FastifyRequest;
    const replayed: string[] = [];
    const reply = { header: (name: string) => replayed.push(name) } as unknown as FastifyReply;
    let runs = 0;
    const first = answerOnce({ db: t.database.db }, req, reply, async () => {
      runs++;
      started();
      await gate;
      return { answer: 'first' };
    });
    await running;
    const impatient = answerOnce({ db: t.database.db, waitForFirstMs: 0 }, req, reply, async () => ({ answer: 'second' }));
    await expect(impatient).rejects.toMatchObject({ status: 409, code: 'IDEMPOTENCY_IN_PROGRESS', message: IN_PROGRESS_MSG });
    const patient = answerOnce({ db: t.database.db }, req, reply, async () => ({ answer: 'third' }));
    release();
    expect(await first).toEqual({ answer: 'first' });
    expect(await patient).toEqual({ answer: 'first' });
    expect(runs).toBe(1);
    expect(replayed).toEqual(['idempotent-replayed']);
  });

  it('is a documented header of every payment-opening call in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json().paths as Record<
      string,
      Record<string, { parameters?: { in: string; name: string; description?: string }[] }>
    >;
    for (const path of [
      '/api/stripe/buy',
      '/api/shop_payment/wertio',
      '/api/payment/wertio',
      '/api/shop_payment/eth_crypto',
      '/api/payment/eth_crypto',
      '/api/marketplace/buy_session',
    ]) {
      const header = paths[path]!.post!.parameters?.find((p) => p.in === 'header' && p.name === 'idempotency-key');
      expect(header?.description, path).toMatch(/first answer/);
    }
  });
});

describe('Idempotency-Key on the crypto calls (real anvil)', () => {
  let w: CryptoWorld;
  let buyer: Player;
  let ship: { id: string; name: string };
  const ordersOf = async () =>
    (
      await queryRows<{ n: number }>(
        w.t.database.db,
        sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${buyer.userId}`,
      )
    )[0]!.n;

  beforeAll(async () => {
    w = await startCryptoWorld({ worker: false });
    buyer = await walletPlayer(w, 'cryptoclicker', 3);
    ship = await shopLine(w.t.database.db, 100, 15n * USD, 'Crypto Twin Click');
  });
  afterAll(async () => w?.stop());

  it.each([
    ['cart', '/api/shop_payment/eth_crypto', async () => ({ ids: [{ id: ship.id, total: 2, object: 'spaceship' }] })],
    ['item page', '/api/payment/eth_crypto', async () => ({ id: ship.id })],
    [
      'marketplace listing',
      '/api/marketplace/buy_session',
      async () => ({ id: (await addListing(w.t.database.db, { sellMicro: 20n * USD, name: 'Twin Listed' })).id }),
    ],
  ])('%s: 5 identical quotes at once open one order with one answer', async (_, url, payload) => {
    const orders = await ordersOf();
    const sent = await payload();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        w.t.app.inject({ method: 'POST', url, payload: sent, headers: { ...bearer(buyer.token), 'idempotency-key': key } }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    for (const r of answers) expect(r.body).toBe(answers[0]!.body);
    expect(await ordersOf()).toBe(orders + 1);
  });
});
