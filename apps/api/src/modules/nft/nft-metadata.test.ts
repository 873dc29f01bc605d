import { cellAreaKm2, cellAt, cellOf, NftMetadataSchema } from '@starport/schemas';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/harness.ts';
import { houseUnitTypes } from '../../db/schema/index.ts';
import { addPlayer, addShip } from '../../../test/catalogue-fixtures.ts';
import { createCollection, grantPlots, grantShips } from '../assets/index.ts';
import { METADATA_MAX_AGE_SECONDS } from './index.ts';

const rome = cellOf({ lng: 12.4964, lat: 41.9028 });
const plot = (n: number) => cellAt(rome.row, rome.col + n);

describe('token metadata: /api/nft/ship|land|unit/{id}', () => {
  let t: TestApp;
  let copyId: number;
  let collectionId: number;
  let emptyCollectionId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const owner = await addPlayer(db, 'metadata-owner');
    const shipId = await addShip(db, 'Aurora');
    const copies = await db.transaction((tx) =>
      grantShips(tx, { userId: owner, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex: 0 }] }),
    );
    copyId = copies[0]!.id;
    await db.transaction(async (tx) => {
      collectionId = await createCollection(tx, owner, 'Forum');
      emptyCollectionId = await createCollection(tx, owner, 'Empty lot');
      await grantPlots(tx, {
        userId: owner,
        collectionId,
        plots: [
          { cellId: plot(0).id, country: 'IT', valuation: 25, creditPaid: 1 },
          { cellId: plot(1).id, country: 'VA', valuation: 40, creditPaid: 1 },
          { cellId: plot(2).id, country: 'IT', valuation: 25, creditPaid: 1 },
        ],
      });
    });
    await db.insert(houseUnitTypes).values({
      type: 2, apartFrom: 25, apartTo: 72, areaM2: 60, floors: 2, rooms: 3, housing: 4, totalPieces: 160, priceMicro: 200_000_000,
    });
  });
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const attribute = (json: { attributes: { trait_type: string; value: unknown }[] }, name: string) =>
    json.attributes.find((a) => a.trait_type === name)?.value;

  it('describes a ship copy with its figures, its art as an absolute URL, and caching headers', async () => {
    const res = await get(`/api/nft/ship/${copyId}`);
    expect(res.statusCode, res.body).toBe(200);
    const json = NftMetadataSchema.parse(res.json());
    expect(json.name).toBe(`Aurora #${copyId}`);
    expect(json.image).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/images/v1/ship/0-0-\\d+$`));
    expect(json.external_url.startsWith(TEST_PUBLIC_URL)).toBe(true);
    expect(attribute(json, 'rarity')).toBe('Common');
    expect(attribute(json, 'element')).toBe('Human');
    expect(attribute(json, 'health')).toBe(100);
    expect(attribute(json, 'gun_damage')).toBe(10);
    expect(res.headers['cache-control']).toBe(`public, max-age=${METADATA_MAX_AGE_SECONDS}`);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const again = await get(`/api/nft/ship/${copyId}`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('describes a land collection from its plots: count, area, countries, valuation', async () => {
    const res = await get(`/api/nft/land/${collectionId}`);
    expect(res.statusCode, res.body).toBe(200);
    const json = NftMetadataSchema.parse(res.json());
    expect(json.name).toBe('Forum');
    expect(json.external_url).toBe(`${TEST_PUBLIC_URL}/collection/${collectionId}`);
    expect(attribute(json, 'plot_count')).toBe(3);
    expect(attribute(json, 'countries')).toBe('IT, VA');
    expect(attribute(json, 'total_valuation_usd')).toBe(90);
    const area = [0, 1, 2].reduce((sum, n) => sum + cellAreaKm2(plot(n)), 0);
    expect(attribute(json, 'total_area_km2')).toBeCloseTo(area, 3);
    const empty = NftMetadataSchema.parse((await get(`/api/nft/land/${emptyCollectionId}`)).json());
    expect(attribute(empty, 'plot_count')).toBe(0);
  });

  it('describes a unit type with its apartment range, also asked in the ERC-1155 hex form', async () => {
    const res = await get('/api/nft/unit/2');
    expect(res.statusCode, res.body).toBe(200);
    const json = NftMetadataSchema.parse(res.json());
    expect(json.name).toBe('Type 2');
    expect(attribute(json, 'apartments')).toBe('Apart 25-72');
    expect(json.image).toBe(`${TEST_PUBLIC_URL}/images/v1/unit/2`);
    const hex = await get(`/api/nft/unit/${'2'.padStart(64, '0')}`);
    expect(hex.statusCode).toBe(200);
    expect(hex.json()).toEqual(json);
  });

  it('answers 404 for ids no asset has and 400 for ids that are not token ids', async () => {
    for (const url of ['/api/nft/ship/999999', '/api/nft/land/999999', '/api/nft/unit/3', '/api/nft/unit/6', '/api/nft/unit/0', `/api/nft/ship/${'9'.repeat(78)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: true, code: 'NOT_FOUND' });
    }
    for (const url of ['/api/nft/ship/-1', '/api/nft/ship/1.5', '/api/nft/land/abc', '/api/nft/unit/0x02', `/api/nft/ship/${'1'.repeat(79)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg).toMatch(/token id/);
    }
  });

  it('never answers 5xx, whatever the id (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('ship', 'land', 'unit'),
        fc.oneof(fc.string({ maxLength: 90 }), fc.bigInt({ min: 0n, max: 2n ** 256n }).map(String), fc.stringMatching(/^[0-9a-f]{64}$/)),
        async (kind, id) => {
          const res = await get(`/api/nft/${kind}/${encodeURIComponent(id)}`);
          expect(res.statusCode).toBeLessThan(500);
          expect([200, 400, 404]).toContain(res.statusCode);
        },
      ),
      { numRuns: 150 },
    );
  });
});
