import { MarketplaceFindQuerySchema, MarketplaceFindResponseSchema, ShopFindResponseSchema } from '@starport/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, type CatalogueTestApp } from '../../../test/catalogue-test-app.ts';
import { compileJson } from '../../lib/serialization/compiled-json.ts';
import { MarketplaceService } from './marketplace.service.ts';

/** What the app's default serializer (fastify-type-provider-zod) writes: zod's output, then JSON.stringify. */
const zodJson = (schema: { parse(v: unknown): unknown }, value: unknown) => JSON.stringify(schema.parse(value));

describe('compiled JSON serializers of the list answers', () => {
  let t: CatalogueTestApp;
  beforeAll(async () => {
    t = await createCatalogueTestApp();
  });
  afterAll(() => t.close());

  const marketPage = async (query: Record<string, string>) => ({
    error: false as const,
    ...(await new MarketplaceService({ db: t.database.db }).find(MarketplaceFindQuerySchema.parse(query))),
  });
  const writeMarket = compileJson(MarketplaceFindResponseSchema);

  it('write a marketplace page exactly as zod + JSON.stringify does, for ships, units and DNC packs', async () => {
    const queries: Array<Record<string, string>> = [
      { limit: '100' },
      { kind: 'house_unit', limit: '100' },
      { element: 'dnc' },
      { rarity: 'legendary' },
      { page: '999' },
    ];
    for (const query of queries) {
      const page = await marketPage(query);
      const json = writeMarket(page);
      expect(json, JSON.stringify(query)).toBe(zodJson(MarketplaceFindResponseSchema, page));
      expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(page)));
    }
    expect((await marketPage({ kind: 'house_unit' })).data.length).toBeGreaterThan(0);
  });

  it('write a shop page (/api/shop/find) exactly as zod + JSON.stringify does', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shop/find?limit=100' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
    expect(res.body).toBe(zodJson(ShopFindResponseSchema, res.json()));
  });

  it('leave out fields the schema does not declare, at every level', async () => {
    const page = await marketPage({ limit: '3' });
    const clean = writeMarket(page);
    const leaky = {
      ...page,
      secret: 'top',
      data: page.data.map((d) => ({
        ...d,
        secret: 'item',
        password_hash: 'x',
        item: { ...d.item, secret: 'inner' },
        cache: { ...d.cache, secret: 'cache' },
      })),
    };
    const json = writeMarket(leaky);
    expect(json).toBe(clean);
    expect(json).not.toMatch(/secret|password_hash/);
  });

  it('refuse an answer that lacks a required field instead of writing it', async () => {
    const { total: _total, ...page } = await marketPage({ limit: '1' });
    expect(() => writeMarket(page as never)).toThrow(/total/);
  });

  it('serve /api/marketplace/find, its errors included', async () => {
    const market = await t.app.inject({ method: 'GET', url: '/api/marketplace/find?element=human&limit=5' });
    expect(market.statusCode).toBe(200);
    expect(market.body).toBe(writeMarket(await marketPage({ element: 'human', limit: '5' })));
    const bad = await t.app.inject({ method: 'GET', url: '/api/marketplace/find?limit=1000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: true, code: 'BAD_REQUEST' });
  });
});
