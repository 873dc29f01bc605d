import { cellAt, cellOf, type GridCell } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { creditLandCredit, landCreditBalance } from '../assets/index.ts';

/** Cells in Paris (FR), next to each other in one row, and one in international waters. */
const paris = cellOf({ lng: 2.3522, lat: 48.8566 });
const row = (n: number): GridCell => cellAt(paris.row, paris.col + n);
const atSea = cellOf({ lng: -40, lat: 30 });
const PARIS_BOX = `${paris.bbox[0] - 0.01},${paris.bbox[1] - 0.01},${paris.bbox[2] + 0.05},${paris.bbox[3] + 0.01}`;

type Cells = { data: { id: number; layer: string; owner: string; collection_id: number | null; country: string | null; valuation: number }[]; plot_price: number; plot_valuation: number };
type Plot = { _id: string; cell_id: number; location: { bbox: number[] }; center: { coordinates: number[] }; areas: { country: string | null }[]; price: number; collection_id: number | null };

describe('land: the map’s owned cells, buying plots with land credit, and my plots', () => {
  let t: TestApp;
  const players: Record<string, { id: string; token: string }> = {};

  const sign = async (name: string, credit: number) => {
    const id = await t.createUser({ username: name, password: `${name}-password-1` });
    if (credit > 0) await t.database.db.transaction((tx) => creditLandCredit(tx, { userId: id, amount: credit, reason: 'test top-up' }));
    players[name] = { id, token: (await t.login(name, `${name}-password-1`)).access_token };
  };
  const buy = (name: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/land/payment/credit', headers: bearer(players[name]!.token), payload: payload as object });
  const cells = async (name: string | null, box = PARIS_BOX) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/land/cells?bbox=${box}`, headers: name ? bearer(players[name]!.token) : {} });
    expect(res.statusCode, res.body).toBe(200);
    return body(res) as unknown as Cells;
  };
  const myLands = async (name: string, type = 'all') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/lands/my_assets?type=${type}`, headers: bearer(players[name]!.token) });
    expect(res.statusCode, res.body).toBe(200);
    return body(res) as unknown as { data: Plot[]; total: number };
  };
  const credit = (name: string) => landCreditBalance(t.database.db, players[name]!.id);
  const plotCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM land_plots`))[0]!.n;
  const newCollection = async (name: string, title: string, mintState = 0) =>
    Number(
      (
        await queryRows<{ id: string }>(
          t.database.db,
          sql`INSERT INTO land_collections (user_id, name, mint_state) VALUES (${players[name]!.id}, ${title}, ${mintState}) RETURNING id::text AS id`,
        )
      )[0]!.id,
    );

  beforeAll(async () => {
    t = await createTestApp();
    await sign('ada', 10);
    await sign('ben', 3);
    await sign('cal', 0);
  });
  afterAll(async () => t?.close());

  it('shows free land with the price of a plot, to anyone', async () => {
    expect(await cells(null)).toEqual({ error: false, data: [], plot_price: 1, plot_valuation: 25 });
  });

  it('sells free plots for land credit, all at once, and the map and my plots show them', async () => {
    const res = await buy('ada', { price: 3, type: 'individual', items: [{ id: row(0).id }, { id: row(1).id }, { location: { bbox: row(2).bbox } }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ msg: 'You bought 3 plots for 3 land credits.', cells: [row(0).id, row(1).id, row(2).id], credit: 7 });
    expect(await credit('ada')).toBe(7);

    const mine = await cells('ada');
    expect(mine.data.map((c) => [c.id, c.layer, c.owner, c.country, c.valuation])).toEqual([0, 1, 2].map((n) => [row(n).id, 'mine', 'ada', 'FR', 25]));
    expect((await cells('ben')).data.every((c) => c.layer === 'others')).toBe(true);
    expect((await cells(null)).data).toHaveLength(3);

    const { data, total } = await myLands('ada');
    expect(total).toBe(3);
    const plot = data.find((p) => p.cell_id === row(0).id)!;
    expect(plot).toMatchObject({ _id: String(row(0).id), location: { bbox: row(0).bbox }, center: { coordinates: [row(0).center.lng, row(0).center.lat] }, areas: [{ country: 'FR' }], price: 25, collection_id: null });
    expect((await myLands('ben')).data).toEqual([]);
  });

  it('gives a plot in international waters no country', async () => {
    const res = await buy('ben', { price: 1, items: [{ id: atSea.id }] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await myLands('ben')).data[0]!.areas).toEqual([{ country: null }]);
  });

  it('sells nothing and spends nothing when one plot is taken, and names it', async () => {
    const before = await plotCount();
    const res = await buy('ben', { price: 2, items: [{ id: row(3).id }, { id: row(1).id }] });
    expect(res.statusCode).toBe(409);
    expect(body(res).msg).toBe(`Another player already owns one of these plots (${row(1).id}). Choose free land and try again.`);
    expect(await plotCount()).toBe(before);
    expect(await credit('ben')).toBe(2);
  });

  it('refuses a total that is not the server’s, and too little credit, with nothing spent', async () => {
    const stale = await buy('ben', { price: 1, items: [{ id: row(4).id }, { id: row(5).id }] });
    expect(stale.statusCode).toBe(409);
    expect(body(stale).msg).toBe('The price is 2 land credits for 2 plots now, not 1. Check the total and try again.');
    const poor = await buy('cal', { price: 1, items: [{ id: row(4).id }] });
    expect(poor.statusCode).toBe(409);
    expect(body(poor).msg).toBe('Not enough land credit: these plots cost 1 and you have 0. Buy more land credit first.');
    expect(await credit('ben')).toBe(2);
    expect((await myLands('cal')).total).toBe(0);
  });

  it('puts plots into the player’s own open collection only', async () => {
    const open = await newCollection('ada', 'Left bank');
    const minted = await newCollection('ada', 'Sealed', 2);
    const bens = await newCollection('ben', 'Not yours');
    const into = (collection: number | undefined) => buy('ada', { price: 1, type: 'collection', collection, items: [{ id: row(6).id }] });

    expect(body(await into(undefined)).msg).toBe('No collections have been selected yet.');
    const other = await into(bens);
    expect([other.statusCode, body(other).msg]).toEqual([404, 'That collection is not one of yours.']);
    const frozen = await into(minted);
    expect([frozen.statusCode, body(frozen).msg]).toEqual([409, 'The collection Sealed is minting or minted: its land cannot change.']);
    expect(await credit('ada')).toBe(7);

    const ok = await into(open);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await cells('ada')).data.find((c) => c.id === row(6).id)).toMatchObject({ layer: 'my_collection', collection_id: open });
    expect((await cells('ben')).data.find((c) => c.id === row(6).id)).toMatchObject({ layer: 'others', collection_id: null });
    expect((await myLands('ada', 'individual')).data.map((p) => p.cell_id).sort()).toEqual([0, 1, 2].map((n) => row(n).id).sort());
    expect((await myLands('ada', 'all')).total).toBe(4);
  });

  it.each([
    ['no items', { price: 0, items: [] }, 'No land has been selected yet!'],
    ['too many items', { price: 101, items: Array.from({ length: 101 }, (_, i) => ({ id: row(100 + i).id })) }, 'At most 100 plots can be bought at once.'],
    ['a cell id that is no cell', { price: 1, items: [{ id: 2 ** 17 - 1 }] }, 'Plot 1 is not a cell of the land grid.'],
    ['a plot with neither id nor bbox', { price: 1, items: [{ areas: [] }] }, 'Plot 1 has neither a cell id nor a bbox.'],
    ['a box stretched over the neighbours', { price: 1, items: [{ bbox: [row(7).bbox[0], row(7).bbox[1], row(9).bbox[2], row(7).bbox[3]] }] }, 'Plot 1 is not one cell of the land grid: its bbox must be a cell’s own.'],
    ['a box that is no box', { price: 1, items: [{ bbox: [3, 48, 2, 49] }] }, 'Plot 1 has a bbox that is not west,south,east,north in degrees.'],
    ['the same cell twice', { price: 2, items: [{ id: row(7).id }, { bbox: row(7).bbox }] }, `The plot ${row(7).id} is in the list twice.`],
    ['a fractional price', { price: 1.5, items: [{ id: row(7).id }] }, 'price is a whole number of land credit.'],
    ['an unknown type', { price: 1, type: 'gift', items: [{ id: row(7).id }] }, 'type is individual or collection.'],
  ])('refuses %s with a 400 that says why, and buys nothing', async (_, payload, msg) => {
    const before = await plotCount();
    const res = await buy('ada', payload);
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toContain(msg);
    expect(await plotCount()).toBe(before);
  });

  it.each([
    ['not four numbers', '1,2,3', 'bbox is four numbers: west,south,east,north, in degrees.'],
    ['words', 'a,b,c,d', 'bbox is four numbers: west,south,east,north, in degrees.'],
    ['off the Earth', '-181,0,-179,1', 'bbox must lie within longitudes -180 to 180 and latitudes -90 to 90.'],
    ['upside down', '2,49,3,48', 'bbox must have its west below its east and its south below its north.'],
    ['the whole world', '-180,-90,180,90', 'Zoom in to see plots: the map answers a box of at most 2° each way.'],
  ])('refuses a map box that is %s', async (_, box, msg) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/land/cells?bbox=${box}` });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toContain(msg);
  });

  it('asks for sign-in to buy or to list my plots', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/land/payment/credit', payload: { price: 1, items: [{ id: row(8).id }] } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/lands/my_assets' })).statusCode).toBe(401);
  });
});
