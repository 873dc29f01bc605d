import { sql } from 'drizzle-orm';
import type { MarketplaceItem, UnitCollection } from '@starport/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, getJson, type CatalogueTestApp } from '../../../test/catalogue-test-app.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { queryRows } from '../../db/client.ts';

type PricePoint = { sold_at: string; price: number; price_micro: string };
type Detail = MarketplaceItem & { price_history: PricePoint[]; collection?: UnitCollection; type_price_history?: PricePoint[] };

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const firstListed = (kind: string) => sql`
  SELECT l.id::text AS id FROM marketplace_listings l WHERE l.status = 'listed' AND l.kind = ${kind} ORDER BY l.id LIMIT 1`;

describe('unit item detail without a deployed contract', () => {
  let t: CatalogueTestApp;
  beforeAll(async () => {
    t = await createCatalogueTestApp();
  });
  afterAll(() => t.close());

  const detail = async (id: string) => {
    const res = await getJson<{ item: Detail }>(t.app, `/api/marketplace/item/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.item;
  };

  it('names the collection on Base and says honestly that there is no contract address yet', async () => {
    const [unit] = await queryRows<{ id: string }>(t.database.db, firstListed('house_unit'));
    expect((await detail(unit!.id)).collection).toEqual({
      name: 'Starport Container Houses',
      token_standard: 'ERC1155',
      chain: 'Base',
      contract_address: null,
      explorer_url: null,
    });
  });

  it("charts the sales of every apartment of the unit's type, oldest first", async () => {
    // The type with the most recorded sales, so the comparison is over real points.
    const [pick] = await queryRows<{ id: string; type: number }>(
      t.database.db,
      sql`SELECT l.id::text AS id, u.type FROM marketplace_listings l JOIN house_units u ON u.apartment = l.house_unit_id
          WHERE l.status = 'listed' ORDER BY (
            SELECT count(*) FROM marketplace_sales sa JOIN marketplace_listings p ON p.id = sa.listing_id
            JOIN house_units pu ON pu.apartment = p.house_unit_id WHERE pu.type = u.type) DESC, l.id LIMIT 1`,
    );
    const sales = await queryRows<{ price_micro: string; sold_at: Date | string }>(
      t.database.db,
      sql`SELECT sa.price_micro::text AS price_micro, sa.sold_at FROM marketplace_sales sa
          JOIN marketplace_listings p ON p.id = sa.listing_id JOIN house_units u ON u.apartment = p.house_unit_id
          WHERE u.type = ${pick!.type} ORDER BY sa.sold_at, sa.id`,
    );
    expect(sales.length).toBeGreaterThan(1);
    const item = await detail(pick!.id);
    expect(item.item.unit_type).toBe(pick!.type);
    expect(item.type_price_history!.map((p) => p.price_micro)).toEqual(sales.map((s) => s.price_micro));
    expect(item.type_price_history!.map((p) => Date.parse(p.sold_at))).toEqual(sales.map((s) => new Date(s.sold_at).getTime()));
    // The apartment's own history stays what it was: a subset of the type's.
    expect(item.price_history.length).toBeLessThanOrEqual(item.type_price_history!.length);
  });

  it('adds nothing to ships and DNC packs', async () => {
    for (const kind of ['ship', 'dnc']) {
      const [row] = await queryRows<{ id: string }>(t.database.db, firstListed(kind));
      const item = await detail(row!.id);
      expect(item.kind).toBe(kind);
      expect(item).not.toHaveProperty('collection');
      expect(item).not.toHaveProperty('type_price_history');
    }
  });

  it('answers 404 with a clear message for an id that names no listing, 400 for a malformed one', async () => {
    const missing = await getJson(t.app, '/api/marketplace/item/987654321');
    expect(missing).toMatchObject({ status: 404, body: { error: true, code: 'NOT_FOUND', msg: 'There is no marketplace item with id 987654321.' } });
    const long = await getJson(t.app, `/api/marketplace/item/${'9'.repeat(65)}`);
    expect(long).toMatchObject({ status: 400, body: { error: true, code: 'BAD_REQUEST', msg: 'This id is too long.' } });
  });

  it('documents the unit fields of the item call in OpenAPI', () => {
    const doc = t.app.swagger() as { paths: Record<string, { get?: { description?: string } }> };
    expect(doc.paths['/api/marketplace/item/{id}']?.get?.description).toMatch(/collection.*type_price_history/s);
  });
});

describe('unit item detail with the contract configured', () => {
  let catalogue: CatalogueTestApp;
  let t: TestApp;
  beforeAll(async () => {
    // The whole app as main.ts builds it, from the environment, over a seeded demo catalogue.
    catalogue = await createCatalogueTestApp();
    t = await createTestApp({
      database: catalogue.database,
      env: { UNITS_CONTRACT_ADDRESS: ADDRESS, CHAIN_EXPLORER_URL: 'https://explorer.example/', UNITS_CHAIN_NAME: 'Base Sepolia' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await catalogue?.close();
  });

  it('answers the configured chain, address and explorer link', async () => {
    const [unit] = await queryRows<{ id: string }>(t.database.db, firstListed('house_unit'));
    const res = await getJson<{ item: Detail }>(t.app, `/api/marketplace/item/${unit!.id}`);
    expect(res.status).toBe(200);
    expect(res.body.item.collection).toEqual({
      name: 'Starport Container Houses',
      token_standard: 'ERC1155',
      chain: 'Base Sepolia',
      contract_address: ADDRESS,
      explorer_url: `https://explorer.example/address/${ADDRESS}`,
    });
  });
});

describe('units chain configuration', () => {
  const base = { DATA_DIR: '/tmp/starport-test-unused', JWT_ACCESS_SECRET: 'x'.repeat(32) };

  it('defaults to Base with nothing deployed', () => {
    expect(loadConfig(base).unitsChain).toEqual({ name: 'Base', contractAddress: null, explorerUrl: null });
  });

  it('stops on a contract address that is not 0x and 40 hex digits, or an explorer that is not a web address', () => {
    for (const bad of ['0x123', '5FbDB2315678afecb367f032d93F642f64180aa3ab', `${ADDRESS}0`, '0xZZbDB2315678afecb367f032d93F642f64180aa3']) {
      expect(() => loadConfig({ ...base, UNITS_CONTRACT_ADDRESS: bad }), bad).toThrow(/UNITS_CONTRACT_ADDRESS/);
    }
    expect(() => loadConfig({ ...base, CHAIN_EXPLORER_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, CHAIN_EXPLORER_URL: 'javascript:alert(1)' })).toThrow(/CHAIN_EXPLORER_URL/);
  });
});
