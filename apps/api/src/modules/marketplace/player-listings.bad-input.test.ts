/**
 * QUALITY.md "Bad input" and "Object-level authorization" for selling to players: every body,
 * id and query of the listing and My Assets calls answers garbage with a 4xx and a clear `msg`,
 * never a 5xx, and changes nothing; another player's things are a 404 and stay as they were.
 */
import { DncListingBodySchema, ListingPriceBodySchema, ShipListingBodySchema } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addListing, addShip } from '../../../test/catalogue-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { creditDnc, grantShips, lockShip } from '../assets/index.ts';
import { cancelListing, listShip } from './player-listings.ts';

const NUM_RUNS = 60;
const USD = 1_000_000n;

type Player = { id: string; token: string };

function expectEnvelope(res: LightMyRequestResponse, what: string): { code: string; msg: string } {
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  const json = res.json() as { error?: unknown; code?: unknown; msg?: unknown };
  expect(json.error, what).toBe(true);
  expect(typeof json.code, what).toBe('string');
  expect(typeof json.msg, what).toBe('string');
  expect((json.msg as string).trim().length, what).toBeGreaterThan(0);
  expect(json.msg as string, what).not.toMatch(/\bat \S+\.(ts|js):\d+|stack|SELECT |violates/i);
  return json as { code: string; msg: string };
}

/** A value of any JSON type, as the fuzzed fields get. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 80 }), weight: 3 },
  { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(''), fc.integer({ min: -5, max: 200 })), weight: 3 },
  { arbitrary: fc.constantFrom('0', '-1', '0.5', '1.0000001', '$1,500', '1e3', 'NaN', 'Infinity', ' 25 ', '99999999999999999999'), weight: 2 },
);

/** Garbage shaped like a body: its keys with wrong values, some missing, extra keys, or anything at all. */
function bodies(keys: string[], valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const mutated = fc
    .record({ key: fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })), value: anyValue, drop: fc.boolean() })
    .map(({ key, value, drop }) => {
      const copy: Record<string, unknown> = { ...valid };
      if (drop && key in copy) delete copy[key];
      else copy[key] = value;
      return copy;
    });
  return fc.oneof(
    { arbitrary: fc.anything({ maxDepth: 2 }), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
    { arbitrary: fc.dictionary(fc.constantFrom(...keys), anyValue, { maxKeys: keys.length }), weight: 3 },
    { arbitrary: mutated, weight: 4 },
  );
}

/** An id as a client might send it in the path: digits, huge numbers, text of any kind. */
const anyId = fc.oneof(
  fc.nat({ max: 60 }).map(String),
  fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String),
  fc.string({ maxLength: 70 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('0', '-1', '1.5', '1e3', ' 1', '0x10', '00001', 'unit-1', '9'.repeat(19), "1' OR '1'='1"),
);

/** A query string of the calls' own keys and others, with any text values. */
const anyQuery = fc
  .dictionary(
    fc.oneof(fc.constantFrom('page', 'limit', 'status', 'element', 'rarity', 'kind', 'price_from', 'price_to'), fc.string({ maxLength: 10 })),
    fc.oneof(
      fc.string({ maxLength: 50 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.integer().map(String),
      fc.constantFrom('', '0', '-1', '1.5', '101', '9999999999', 'active', 'sold', 'ended', 'ship,house_unit', 'human,alien', 'legend', '$1,000', '1e400'),
    ),
    { maxKeys: 5 },
  )
  .map((q) => Object.entries(q).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));

describe('selling to players: bad input, other players’ ids, no sign-in', () => {
  let t: TestApp;
  /** the fuzzed seller: a staked ship, an ended listing, no DNC to list */
  let fuzzer: Player;
  let fuzzerCopy: number;
  let fuzzerEnded: number;
  /** another seller with a ship, a listing and DNC */
  let other: Player;
  let otherCopy: number;
  let otherListing: number;
  let houseListing: string;
  /** a seller for the explicit refusals, with DNC and a free ship */
  let rich: Player;
  let richCopy: number;

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Player | null, payload?: string) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...(who ? bearer(who.token) : {}) },
    });

  /** Everything the players hold and have listed: must not move under bad input. */
  const snapshot = async () =>
    queryRows(
      t.database.db,
      sql`SELECT (SELECT json_agg(json_build_object('id', id, 'user', user_id, 'state', state, 'disposed', disposed_at) ORDER BY id) FROM owned_ships) AS ships,
                 (SELECT json_agg(json_build_object('user', user_id, 'amount', amount) ORDER BY id) FROM dnc_ledger) AS dnc,
                 (SELECT json_agg(json_build_object('id', id, 'status', status, 'price', sell_price_micro::text, 'seller', seller_id, 'expires', expires_at) ORDER BY id) FROM marketplace_listings) AS listings,
                 (SELECT count(*)::int FROM dnc_packs) AS packs,
                 (SELECT count(*)::int FROM jobs) AS jobs`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const sign = (name: string) => t.signUp(name);
    fuzzer = await sign('fuzz_seller');
    other = await sign('other_seller');
    rich = await sign('rich_seller');
    const shipId = await addShip(db);
    const copyOf = async (userId: string) =>
      (await db.transaction((tx) => grantShips(tx, { userId, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex: 0 }] })))[0]!.id;
    // The fuzzer's ship was listed and cancelled, then staked: nothing of theirs can be listed, repriced or cancelled.
    fuzzerCopy = await copyOf(fuzzer.id);
    fuzzerEnded = await listShip(db, { sellerId: fuzzer.id, item: String(fuzzerCopy), priceMicro: 10n * USD, expiresInDays: null });
    await cancelListing(db, fuzzer.id, String(fuzzerEnded));
    await db.transaction((tx) => lockShip(tx, { userId: fuzzer.id, ownedShipId: fuzzerCopy, to: 'staked' }));
    otherCopy = await copyOf(other.id);
    otherListing = await listShip(db, { sellerId: other.id, item: String(otherCopy), priceMicro: 20n * USD, expiresInDays: 7 });
    await db.transaction((tx) => creditDnc(tx, { userId: other.id, amount: 500, reason: 'test grant' }));
    houseListing = (await addListing(db, { sellMicro: 30n * USD })).id;
    richCopy = await copyOf(rich.id);
    await db.transaction((tx) => creditDnc(tx, { userId: rich.id, amount: 250, reason: 'test grant' }));
  });
  afterAll(() => t?.close());

  type BodyCall = { name: string; method: 'POST' | 'PATCH'; url: fc.Arbitrary<string>; schema: z.ZodType; keys: string[]; valid: () => Record<string, unknown> };
  const BODY_CALLS: BodyCall[] = [
    { name: 'POST /api/marketplace/listing', method: 'POST', url: fc.constant('/api/marketplace/listing'), schema: ShipListingBodySchema, keys: ['item', 'price', 'expires_in_days'], valid: () => ({ item: String(fuzzerCopy), price: 25, expires_in_days: 7 }) },
    { name: 'POST /api/marketplace/listing_dnc', method: 'POST', url: fc.constant('/api/marketplace/listing_dnc'), schema: DncListingBodySchema, keys: ['dnc', 'price', 'expires_in_days'], valid: () => ({ dnc: 1, price: '19.99', expires_in_days: null }) },
    {
      name: 'PATCH /api/marketplace/listing/:id',
      method: 'PATCH',
      url: fc.oneof(anyId, fc.constantFrom(() => String(fuzzerEnded), () => String(otherListing), () => houseListing).map((f) => f())).map((id) => `/api/marketplace/listing/${encodeURIComponent(id)}`),
      schema: ListingPriceBodySchema,
      keys: ['price'],
      valid: () => ({ price: 30 }),
    },
  ];

  for (const call of BODY_CALLS) {
    it(`${call.name}: arbitrary JSON answers 4xx with { error, code, msg }, never 5xx, and changes nothing`, async () => {
      const before = await snapshot();
      const seen = { rejected: 0, valid: 0 };
      await fc.assert(
        fc.asyncProperty(call.url, bodies(call.keys, call.valid()), async (url, value) => {
          const text = JSON.stringify(value) ?? 'null';
          const accepted = call.schema.safeParse(JSON.parse(text)).success;
          const res = await send(call.method, url, fuzzer, text);
          const what = `${url} ${text.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          // Nothing of the fuzzer's can be sold or changed, and nobody else's is theirs: never a 2xx.
          expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, what).toBeLessThan(500);
          const { code } = expectEnvelope(res, what);
          if (accepted) seen.valid++;
          else {
            seen.rejected++;
            expect([400, 404], what).toContain(res.statusCode);
            if (res.statusCode === 400) expect(code, what).toBe('BAD_REQUEST');
          }
        }),
        { numRuns: NUM_RUNS },
      );
      expect(seen.rejected).toBeGreaterThan(NUM_RUNS / 4);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('POST /api/marketplace/listing/:id/cancel: arbitrary ids and bodies answer 4xx, never 5xx, and change nothing', async () => {
    const before = await snapshot();
    const ids = fc.oneof(anyId, fc.constantFrom(() => String(fuzzerEnded), () => String(otherListing), () => houseListing).map((f) => f()));
    await fc.assert(
      fc.asyncProperty(ids, fc.option(fc.jsonValue({ maxDepth: 2 })), async (id, payload) => {
        const url = `/api/marketplace/listing/${encodeURIComponent(id)}/cancel`;
        const res = await send('POST', url, fuzzer, payload === null ? undefined : JSON.stringify(payload));
        const what = `${url} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect([400, 404, 409], what).toContain(res.statusCode);
        expectEnvelope(res, what);
      }),
      { numRuns: NUM_RUNS },
    );
    expect(await snapshot()).toEqual(before);
  });

  for (const url of ['/api/my/assets', '/api/my/listings', '/api/my/proceeds', '/api/marketplace/dnc/listing']) {
    it(`GET ${url}: arbitrary query strings answer 200 or a 400 with { error, code, msg }, never 5xx`, async () => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(fc.oneof(anyQuery, fc.string({ maxLength: 60 }).map(encodeURIComponent)), async (query) => {
          const res = await send('GET', `${url}?${query}`, fuzzer);
          const what = `${url}?${query} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect([200, 400], what).toContain(res.statusCode);
          if (res.statusCode === 400) expect(expectEnvelope(res, what).code, what).toBe('BAD_REQUEST');
          else expect(res.json(), what).toMatchObject({ error: false });
        }),
        { numRuns: NUM_RUNS },
      );
      expect(await snapshot()).toEqual(before);
    });
  }

  it('another player’s ship cannot be listed: 404, the copy untouched', async () => {
    const before = await snapshot();
    for (const item of [String(otherCopy), String(richCopy)]) {
      const res = await send('POST', '/api/marketplace/listing', fuzzer, JSON.stringify({ item, price: 25 }));
      expect(res.statusCode, item).toBe(404);
      expect(res.json()).toEqual({ error: true, code: 'NOT_FOUND', msg: 'That is not one of your ships.' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('another player’s listing and a house listing cannot be repriced or cancelled: 404, unchanged', async () => {
    const before = await snapshot();
    for (const id of [String(otherListing), houseListing]) {
      const reprice = await send('PATCH', `/api/marketplace/listing/${id}`, fuzzer, JSON.stringify({ price: 1 }));
      const cancel = await send('POST', `/api/marketplace/listing/${id}/cancel`, fuzzer);
      for (const res of [reprice, cancel]) {
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ error: true, code: 'NOT_FOUND', msg: 'You have no listing with this id.' });
      }
    }
    // The house cannot be acted for by its own listings' ids either, from any player.
    const res = await send('POST', `/api/marketplace/listing/${houseListing}/cancel`, other);
    expect(res.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('a price of 0, negative, too precise or below $1 is a 400 with the schema’s sentence', async () => {
    const before = await snapshot();
    const cases: [unknown, string][] = [
      [0, 'The price cannot be 0.'],
      ['0.00', 'The price cannot be 0.'],
      [-5, 'The price cannot be negative.'],
      ['-1', 'The price cannot be negative.'],
      ['1.0000001', 'The price has more than 6 decimals.'],
      [0.99, 'The price must be at least $1.'],
      ['0.5', 'The price must be at least $1.'],
      ['abc', 'Enter a price in US dollars, like 25 or 19.99.'],
      [null, 'Enter a price in US dollars, like 25 or 19.99.'],
    ];
    for (const [price, msg] of cases) {
      const calls = [
        send('POST', '/api/marketplace/listing', rich, JSON.stringify({ item: String(richCopy), price })),
        send('POST', '/api/marketplace/listing_dnc', rich, JSON.stringify({ dnc: 10, price })),
        send('PATCH', `/api/marketplace/listing/${otherListing}`, other, JSON.stringify({ price })),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, `${JSON.stringify(price)}`).toBe(400);
        expect(res.json(), `${JSON.stringify(price)}`).toEqual({ error: true, code: 'BAD_REQUEST', msg });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('DNC: 0 is a 400, more than the balance is a 400 "Please enter total DNC to sell less than {balance}"', async () => {
    const before = await snapshot();
    const zero = await send('POST', '/api/marketplace/listing_dnc', rich, JSON.stringify({ dnc: 0, price: 10 }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ error: true, code: 'BAD_REQUEST', msg: 'Enter how much DNC to sell: it cannot be 0.' });
    for (const [who, balance] of [[rich, 250], [fuzzer, 0]] as const) {
      const res = await send('POST', '/api/marketplace/listing_dnc', who, JSON.stringify({ dnc: balance + 1, price: 10 }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: true, code: 'BAD_REQUEST', msg: `Please enter total DNC to sell less than ${balance}` });
    }
    expect(await snapshot()).toEqual(before);
    const info = await send('GET', '/api/marketplace/dnc/listing', rich);
    expect(info.json()).toEqual({ error: false, amount: 250, listed: 0 });
  });

  it('every call asks for sign-in: 401, nothing changed', async () => {
    const before = await snapshot();
    const calls: [string, 'GET' | 'POST' | 'PATCH', string | undefined][] = [
      ['/api/marketplace/listing', 'POST', JSON.stringify({ item: String(richCopy), price: 25 })],
      ['/api/marketplace/listing_dnc', 'POST', JSON.stringify({ dnc: 10, price: 25 })],
      ['/api/marketplace/dnc/listing', 'GET', undefined],
      [`/api/marketplace/listing/${otherListing}`, 'PATCH', JSON.stringify({ price: 25 })],
      [`/api/marketplace/listing/${otherListing}/cancel`, 'POST', undefined],
      ['/api/my/assets', 'GET', undefined],
      ['/api/my/listings', 'GET', undefined],
      ['/api/my/proceeds', 'GET', undefined],
    ];
    for (const [url, method, payload] of calls) {
      for (const res of [
        await send(method, url, null, payload),
        await send(method, url, { id: '', token: 'not-a-token' }, payload),
      ]) {
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json(), `${method} ${url}`).toMatchObject({ error: true, code: 'UNAUTHORIZED' });
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});
