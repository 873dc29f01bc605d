import { cellAt, cellOf } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { creditLandCredit } from '../assets/index.ts';

const rome = cellOf({ lng: 12.4964, lat: 41.9028 });
const plot = (n: number) => cellAt(rome.row, rome.col + n).id;

type Collection = { _id: number; name: string; total: number; state: number; allow_mint: boolean; uriid: string };

describe('land collections: made, renamed, filled, emptied, deleted; frozen while minting', () => {
  let t: TestApp;
  const players: Record<string, { id: string; token: string }> = {};

  const sign = async (name: string, plots: number[]) => {
    const id = await t.createUser({ username: name, password: `${name}-password-1` });
    await t.database.db.transaction((tx) => creditLandCredit(tx, { userId: id, amount: plots.length, reason: 'test top-up' }));
    players[name] = { id, token: (await t.login(name, `${name}-password-1`)).access_token };
    const res = await call(name, 'POST', '/api/land/payment/credit', { price: plots.length, items: plots.map((id) => ({ id })) });
    expect(res.statusCode, res.body).toBe(200);
  };
  const call = (name: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: name ? bearer(players[name]!.token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (name: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await call(name, method, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return body(res) as Record<string, unknown>;
  };
  const refused = async (name: string, url: string, payload: unknown) => {
    const res = await call(name, 'POST', url, payload);
    return [res.statusCode, body(res).msg];
  };
  const collections = async (name: string) => (await ok(name, 'GET', '/api/collections/fetch')).data as Collection[];
  const individual = async (name: string) =>
    ((await ok(name, 'GET', '/api/lands/my_assets?type=individual')).data as { cell_id: number }[]).map((p) => p.cell_id).sort((a, b) => a - b);
  const freeze = (id: number, state: number) => t.database.db.execute(sql`UPDATE land_collections SET mint_state = ${state} WHERE id = ${id}`);

  beforeAll(async () => {
    t = await createTestApp();
    await sign('ada', [0, 1, 2, 3, 4, 5].map(plot));
    await sign('ben', [plot(10)]);
  });
  afterAll(async () => t?.close());

  let forum: number;
  let palatine: number;

  it('makes a collection with plots in it, all at once, and counts them from the plots', async () => {
    const made = await ok('ada', 'POST', '/api/collection/create_and_move', { name: '  Forum ', lands: [plot(0), String(plot(1)), { cell_id: plot(2) }] });
    expect(made.msg).toBe('The collection Forum was made with 3 plots.');
    forum = made.collection_id as number;
    palatine = (await ok('ada', 'POST', '/api/collection/create_and_move', { name: 'Palatine' })).collection_id as number;
    expect((await collections('ada')).map((c) => [c.name, c.total, c.state, c.allow_mint])).toEqual([
      ['Palatine', 0, 0, false],
      ['Forum', 3, 0, true],
    ]);
    expect(await individual('ada')).toEqual([3, 4, 5].map(plot));
    const lands = await ok('ada', 'GET', `/api/collections/lands?collection_id=${forum}`);
    expect([lands.count, (lands.data as { cell_id: number }[]).map((p) => p.cell_id)]).toEqual([3, [0, 1, 2].map(plot)]);
    expect(await ok('ada', 'POST', '/api/lands/my_assets/collection', { item: { cell_id: plot(1) } })).toMatchObject({ collection_id: forum });
    expect(await ok('ada', 'POST', '/api/lands/my_assets/collection', { item: { bbox: cellAt(rome.row, rome.col + 4).bbox } })).toMatchObject({ collection_id: null });
  });

  it('moves plots between collections and out again, and adds and removes them', async () => {
    expect((await ok('ada', 'POST', '/api/collections/move_land', { type: 'collection', collection_id: palatine, lands: [plot(0), plot(3)] })).msg).toBe('2 plots moved into the collection.');
    expect((await ok('ada', 'POST', '/api/collections/move_land', { type: 'individual', lands: [plot(0)] })).msg).toBe('1 plot moved out of their collections.');
    await ok('ada', 'POST', '/api/collections/add_lands', { collection_id: palatine, items: [plot(4)] });
    expect((await ok('ada', 'POST', '/api/collections/remove_lands', { collection_id: forum, items: [plot(1)] })).msg).toBe('1 plot moved out of the collection.');
    expect(await refused('ada', '/api/collections/remove_lands', { collection_id: forum, items: [plot(4)] })).toEqual([404, `These plots are not in that collection: ${plot(4)}.`]);
    expect((await collections('ada')).map((c) => [c.name, c.total])).toEqual([
      ['Palatine', 2],
      ['Forum', 1],
    ]);
    expect(await individual('ada')).toEqual([0, 1, 5].map(plot));
    // Move targets leave out the collection the plots are in.
    expect(((await ok('ada', 'GET', `/api/collections/items?except=${forum}`)).items as Collection[]).map((c) => c.name)).toEqual(['Palatine']);
  });

  it('freezes a minting or minted collection: nothing moves in or out, and it is no move target', async () => {
    await freeze(forum, 1);
    const frozen = [409, 'The collection Forum is minting or minted: its land cannot change.'];
    expect(await refused('ada', '/api/collections/add_lands', { collection_id: forum, items: [plot(5)] })).toEqual(frozen);
    expect(await refused('ada', '/api/collections/move_land', { type: 'individual', lands: [plot(2)] })).toEqual(frozen);
    expect(await refused('ada', '/api/collections/move_land', { type: 'collection', collection_id: palatine, lands: [plot(2), plot(5)] })).toEqual(frozen);
    expect(await refused('ada', '/api/land/payment/credit', { price: 1, type: 'collection', collection: forum, items: [{ id: plot(6) }] })).toEqual(frozen);
    expect(await refused('ada', '/api/collections/remove', { id: forum })).toEqual([409, 'A minting or minted collection cannot be deleted.']);
    expect(((await ok('ada', 'GET', '/api/collections/items')).items as Collection[]).map((c) => c.name)).toEqual(['Palatine']);
    expect((await collections('ada')).find((c) => c._id === forum)).toMatchObject({ state: 1, allow_mint: false, total: 1 });
    expect(await individual('ada')).toEqual([0, 1, 5].map(plot));
    await freeze(forum, 0);
  });

  it('renames, and deletes a collection only when it is empty', async () => {
    expect((await ok('ada', 'POST', '/api/collections/setname', { id: palatine, name: 'Palatine Hill' })).msg).toBe('The collection is now called Palatine Hill.');
    expect(await refused('ada', '/api/collections/remove', { id: palatine })).toEqual([409, 'Only an empty collection can be deleted: move its plots out first.']);
    await ok('ada', 'POST', '/api/collections/remove_lands', { collection_id: palatine, items: [plot(3), plot(4)] });
    expect((await ok('ada', 'POST', '/api/collections/remove', { id: palatine })).msg).toBe('The collection was deleted.');
    expect((await collections('ada')).map((c) => c.name)).toEqual(['Forum']);
  });

  it('shows anyone the read-only detail of a collection', async () => {
    const res = await call(null, 'GET', `/api/collection/detail?uriid=${forum}`);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ info: { name: 'Forum', owner: 'ada', total: 1, state: 0 } });
    expect((await call(null, 'GET', '/api/collection/detail?uriid=999999')).statusCode).toBe(404);
  });

  it('keeps another player’s collections and plots out of reach: 404 and nothing changes', async () => {
    const notYours = [404, 'That collection is not one of yours.'];
    expect(await refused('ben', '/api/collections/setname', { id: forum, name: 'Mine now' })).toEqual(notYours);
    expect(await refused('ben', '/api/collections/remove', { id: forum })).toEqual(notYours);
    expect(await refused('ben', '/api/collections/add_lands', { collection_id: forum, items: [plot(10)] })).toEqual(notYours);
    expect(await refused('ben', '/api/collections/move_land', { type: 'individual', lands: [plot(2)] })).toEqual([404, `These plots are not yours: ${plot(2)}.`]);
    expect(await refused('ada', '/api/collections/add_lands', { collection_id: forum, items: [plot(10)] })).toEqual([404, `These plots are not yours: ${plot(10)}.`]);
    expect((await call('ben', 'GET', `/api/collections/lands?collection_id=${forum}`)).statusCode).toBe(404);
    expect((await call('ben', 'POST', '/api/lands/my_assets/collection', { item: { cell_id: plot(2) } })).statusCode).toBe(404);
    expect((await collections('ada')).map((c) => [c.name, c.total])).toEqual([['Forum', 1]]);
    expect(await collections('ben')).toEqual([]);
  });

  it.each([
    ['/api/collection/create_and_move', { name: '   ' }, 'Collection name has not been entered.'],
    ['/api/collection/create_and_move', { lands: [1] }, 'Collection name has not been entered.'],
    ['/api/collection/create_and_move', { name: 'x'.repeat(61) }, 'A collection name is at most 60 characters.'],
    ['/api/collections/add_lands', { collection_id: 1, items: [] }, 'No land has been selected yet!'],
    ['/api/collections/remove_lands', { collection_id: 1 }, 'No land has been selected yet!'],
    ['/api/collections/move_land', { type: 'collection', lands: [1] }, 'No collections have been selected yet.'],
    ['/api/collections/move_land', { type: 'sideways', lands: [1] }, 'type is individual or collection.'],
    ['/api/collections/setname', { id: 'abc', name: 'x' }, 'id is a collection id.'],
    ['/api/collections/add_lands', { collection_id: 1, items: Array.from({ length: 501 }, (_, i) => i) }, 'At most 500 plots can be moved at once.'],
  ])('POST %s refuses a bad body with a 400 that says why (%#)', async (url, payload, msg) => {
    const res = await call('ada', 'POST', url, payload);
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toContain(msg);
  });

  it('asks for sign-in for everything but the read-only detail', async () => {
    expect((await call(null, 'GET', '/api/collections/fetch')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/collections/remove', { id: 1 })).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/collection/create_and_move', { name: 'Nobody' })).statusCode).toBe(401);
  });
});
