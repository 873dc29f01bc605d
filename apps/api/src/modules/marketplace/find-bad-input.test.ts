/**
 * QUALITY.md "Bad input": a filter that cannot mean anything is a 400 with a sentence, never
 * a 5xx; fast-check drives the query strings of the find calls.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, type CatalogueTestApp } from '../../../test/catalogue-test-app.ts';

const BAD: Array<[query: string, msg: string | RegExp]> = [
  ['element=foo', "Unknown element 'foo'. Use dnc, human (or earth), ai or alien."],
  ['element=human,robots', /^Unknown element 'robots'/],
  ['rarity=mythic', "Unknown rarity 'mythic'. Use common, rare, epic or legendary."],
  ['kind=car', /^Unknown kind 'car'/],
  ['price_from=abc', 'price_from must be an amount of US dollars, like 25 or 19.99.'],
  ['price_from=-5', 'price_from cannot be negative.'],
  ['price_to=-0.01', 'price_to cannot be negative.'],
  ['price_to=1e5', 'price_to must be an amount of US dollars, like 25 or 19.99.'],
  ['price_from=1.1234567', 'price_from has more than 6 decimals.'],
  ['price_from=99999999999', /^price_from is too large/],
  ['price_from=10&price_to=5', 'price_from must not be greater than price_to.'],
  ['page=0', 'page must be at least 1.'],
  ['page=-1', 'page must be a whole number.'],
  ['page=abc', 'page must be a whole number.'],
  ['page=1.5', 'page must be a whole number.'],
  ['page=99999999999', 'page must be at most 1000000.'],
  ['limit=0', 'limit must be at least 1.'],
  ['limit=101', 'limit must be at most 100.'],
  ['limit=ten', 'limit must be a whole number.'],
  [`element=${'human,'.repeat(40)}`, 'element is too long (200 characters at most).'],
];

/** A query value a person, a stale client or an attacker might send. */
const value = fc.oneof(
  fc.constantFrom('', 'human', 'earth', 'ai', 'alien', 'dnc', 'common', 'rare', 'legend', 'ship', 'house_unit', '1', '0', '20', '100', '101', '-1', '1.5', '$1,500', '19.99', 'NaN', 'null', '%', '%zz'),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: -1e6, max: 1e12 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.array(fc.constantFrom('human', 'ai', 'dnc', 'epic', 'x', ''), { maxLength: 5 }).map((a) => a.join(',')),
);
const KEYS = ['element', 'rarity', 'price_from', 'price_to', 'page', 'limit', 'kind', 'other'];
const queryObject = fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 10 })), value, { maxKeys: 8 });

describe('find calls answer bad filters with 400 and a sentence, never 5xx', () => {
  let t: CatalogueTestApp;
  beforeAll(async () => {
    t = await createCatalogueTestApp();
  });
  afterAll(() => t.close());

  it.each(BAD)('marketplace ?%s', async (query, msg) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/marketplace/find?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: true, code: 'BAD_REQUEST', msg: expect.any(String) });
    expect(res.json().msg).toMatch(msg);
  });

  it('the shop refuses dnc and the same bad filters', async () => {
    const dnc = await t.app.inject({ method: 'GET', url: '/api/shop/find?element=human,dnc' });
    expect(dnc.statusCode).toBe(400);
    expect(dnc.json()).toEqual({ error: true, code: 'BAD_REQUEST', msg: 'DNC packs are sold on the marketplace, not in the shop.' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/shop/find?element=foo' });
    expect(unknown.json().msg).toBe("Unknown element 'foo'. Use human (or earth), ai or alien.");
    for (const [query] of BAD.filter(([q]) => !q.startsWith('element') && !q.startsWith('kind'))) {
      const res = await t.app.inject({ method: 'GET', url: `/api/shop/find?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });

  for (const path of ['/api/marketplace/find', '/api/shop/find', '/api/marketplace/recently_sold', '/api/leaderboards/topref']) {
    it(`${path}: any query object answers 200 or 400 with a msg`, async () => {
      await fc.assert(
        fc.asyncProperty(queryObject, async (q) => {
          const res = await t.app.inject({ method: 'GET', url: `${path}?${new URLSearchParams(q).toString()}` });
          expect([200, 400]).toContain(res.statusCode);
          const body = res.json();
          if (res.statusCode === 400) expect(body).toEqual({ error: true, code: 'BAD_REQUEST', msg: expect.stringMatching(/\S/) });
          else expect(body.data.length).toBeLessThanOrEqual(100);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('raw, unencoded query strings never cause a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (raw) => {
        const res = await t.app.inject({ method: 'GET', url: `/api/marketplace/find?${raw}` });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().msg).toMatch(/\S/);
      }),
      { numRuns: 80 },
    );
  });
});
