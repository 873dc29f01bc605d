import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShip } from '../../../test/catalogue-fixtures.ts';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { dncBalance, grantPenguins, grantShips, lockShip } from '../assets/index.ts';
import { seedPenguinCollection } from './penguin-collection.ts';
import { writePenguinRate } from './penguin-rate.ts';

type Player = { id: string; token: string };
type MyPenguins = {
  data: { _id: string; rarity: number; daily_dnc: number; accrued_dnc: number; spaceship: null | { _id: string; item: { name: string; image: string; element: number } } }[];
  accrued_total: number;
  collected_today: boolean;
  next_collect_at: string | null;
};

describe('penguins: the collection, assigning ships, removing them, collecting DNC', () => {
  let t: TestApp;
  let pilot: Player;
  let captain: Player;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const db = () => t.database.db;
  const copyState = async (id: number) =>
    (await queryRows<{ state: string }>(db(), sql`SELECT state FROM owned_ships WHERE id = ${id}`))[0]?.state;
  const assignments = async () => (await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM penguin_assignments`))[0]!.n;
  const mine = async (p: Player) => body(await call('GET', '/api/my/peguins', p.token)) as unknown as MyPenguins;
  /** Moves every assignment of the player `days` whole days into the past, as if assigned then. */
  const age = (p: Player, days: number) =>
    db().execute(sql`UPDATE penguin_assignments SET accrued_from = accrued_from - make_interval(days => ${days}::int), assigned_at = assigned_at - make_interval(days => ${days}::int) WHERE user_id = ${p.id}`);
  const forgetCollects = (p: Player) => db().execute(sql`DELETE FROM penguin_collections WHERE user_id = ${p.id}`);

  async function newShip(p: Player): Promise<number> {
    const shipId = await addShip(db());
    const [copy] = await db().transaction((tx) => grantShips(tx, { userId: p.id, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex: 0 }] }));
    return copy!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await seedPenguinCollection(db());
    const sign = (name: string) => t.signUp(name);
    pilot = await sign('pilot');
    captain = await sign('captain');
    await writePenguinRate(db(), 100);
    await db().transaction(async (tx) => {
      await grantPenguins(tx, { userId: pilot.id, penguinIds: [1, 25, 35, 40] });
      await grantPenguins(tx, { userId: captain.id, penguinIds: [2] });
    });
  });
  afterAll(async () => t?.close());

  it('shows the collection to anyone, with rarities, boosts and art', async () => {
    const res = await call('GET', '/api/fetch/peguins');
    expect(res.statusCode).toBe(200);
    const json = body(res) as unknown as { data: { _id: string; rarity_name: string; boost_percent: number; daily_dnc: number; image: string; owned: boolean }[]; rate_per_day: number };
    expect(json.data).toHaveLength(40);
    expect(json.rate_per_day).toBe(100);
    const byId = new Map(json.data.map((p) => [p._id, p]));
    expect(byId.get('1')).toMatchObject({ rarity_name: 'Common', boost_percent: 100, daily_dnc: 100, owned: true });
    expect(byId.get('25')).toMatchObject({ rarity_name: 'Rare', boost_percent: 125, daily_dnc: 125 });
    expect(byId.get('35')).toMatchObject({ rarity_name: 'Legendary', boost_percent: 150, daily_dnc: 150 });
    expect(byId.get('40')).toMatchObject({ rarity_name: '1 of 1', boost_percent: 200, daily_dnc: 200 });
    expect(byId.get('3')?.owned).toBe(false);
    const art = await t.app.inject({ method: 'GET', url: `${byId.get('40')!.image}?format=svg` });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(art.body).toContain('1 of 1 penguin');
  });

  it('assigns a ship, shows it with its item, refuses to list it, removes it', async () => {
    const ship = await newShip(pilot);
    const res = await call('POST', '/api/my/peguins/assign', pilot.token, { spaceship: String(ship), peguin: '25' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ msg: 'Spaceship assigned to your penguin.', peguin: { _id: '25', spaceship: { _id: String(ship) }, accrued_dnc: 0 } });
    expect(await copyState(ship)).toBe('penguin');

    const page = await mine(pilot);
    const on = page.data.find((p) => p._id === '25')!;
    expect(on.spaceship?.item).toMatchObject({ name: expect.any(String), image: expect.stringMatching(/^\/images\/v1\/ship\//), element: expect.any(Number) });
    expect(page.data.filter((p) => p.spaceship)).toHaveLength(1);

    const list = await call('POST', '/api/marketplace/listing', pilot.token, { item: String(ship), price: 50 });
    expect(list.statusCode).toBe(409);
    expect(body(list).msg).toBe('This ship is assigned to a penguin: remove it from the penguin before listing it.');

    const removed = await call('DELETE', '/api/my/peguins/assign/25', pilot.token);
    expect(removed.statusCode).toBe(200);
    expect(body(removed)).toMatchObject({ msg: 'Spaceship removed from your penguin.', banked_dnc: 0 });
    expect(await copyState(ship)).toBe('available');
    expect(await assignments()).toBe(0);
  });

  it('refuses what cannot be assigned, with what holds it, and changes nothing', async () => {
    const a = await newShip(pilot);
    const b = await newShip(pilot);
    expect((await call('POST', '/api/my/peguins/assign', pilot.token, { spaceship: String(a), peguin: '1' })).statusCode).toBe(200);

    const cases: [string, unknown, number, string][] = [
      ['the same ship on a second penguin', { spaceship: String(a), peguin: '35' }, 409, 'This ship is already assigned to a penguin.'],
      ['a second ship on a busy penguin', { spaceship: String(b), peguin: '1' }, 409, 'This penguin already holds a ship: remove it first.'],
      ['a penguin nobody owns', { spaceship: String(b), peguin: '3' }, 404, 'That is not one of your penguins.'],
      ['a penguin that does not exist', { spaceship: String(b), peguin: '999' }, 404, 'That is not one of your penguins.'],
      ['a ship that does not exist', { spaceship: '999999', peguin: '35' }, 404, 'That is not one of your ships.'],
    ];
    for (const [what, payload, status, msg] of cases) {
      const res = await call('POST', '/api/my/peguins/assign', pilot.token, payload);
      expect(res.statusCode, what).toBe(status);
      expect(body(res).msg, what).toBe(msg);
    }
    for (const [state, msg] of [
      ['listed', 'This ship is listed for sale: cancel the listing before assigning it to a penguin.'],
      ['staked', 'This ship is staked: unstake it before assigning it to a penguin.'],
      ['minting', 'This ship is being converted to an NFT: it cannot be assigned now.'],
      ['minted', 'This ship is an NFT in your wallet: it cannot be assigned to a penguin.'],
    ] as const) {
      const held = await newShip(pilot);
      await db().transaction((tx) => lockShip(tx, { userId: pilot.id, ownedShipId: held, to: state }));
      const res = await call('POST', '/api/my/peguins/assign', pilot.token, { spaceship: String(held), peguin: '35' });
      expect(res.statusCode, state).toBe(409);
      expect(body(res).msg, state).toBe(msg);
      expect(await copyState(held)).toBe(state);
    }
    expect(await copyState(b)).toBe('available');
    expect(await assignments()).toBe(1);
    const noShip = await call('DELETE', '/api/my/peguins/assign/35', pilot.token);
    expect(noShip.statusCode).toBe(409);
    expect(body(noShip).msg).toBe('This penguin holds no ship.');
    expect((await call('DELETE', '/api/my/peguins/assign/1', pilot.token)).statusCode).toBe(200);
  });

  it("another player's penguin or ship is a 404 for every call, and nothing changes", async () => {
    const captainShip = await newShip(captain);
    const pilotShip = await newShip(pilot);
    expect((await call('POST', '/api/my/peguins/assign', captain.token, { spaceship: String(captainShip), peguin: '2' })).statusCode).toBe(200);
    const before = await queryRows(db(), sql`SELECT * FROM penguin_assignments ORDER BY id`);
    const table: [string, () => ReturnType<typeof call>, string][] = [
      ["captain's penguin, pilot's ship", () => call('POST', '/api/my/peguins/assign', pilot.token, { spaceship: String(pilotShip), peguin: '2' }), 'That is not one of your penguins.'],
      ["pilot's penguin, captain's ship", () => call('POST', '/api/my/peguins/assign', pilot.token, { spaceship: String(captainShip), peguin: '35' }), 'That is not one of your ships.'],
      ["removing from captain's penguin", () => call('DELETE', '/api/my/peguins/assign/2', pilot.token), 'That is not one of your penguins.'],
    ];
    for (const [what, send, msg] of table) {
      const res = await send();
      expect(res.statusCode, what).toBe(404);
      expect(body(res).msg, what).toBe(msg);
    }
    expect(await queryRows(db(), sql`SELECT * FROM penguin_assignments ORDER BY id`)).toEqual(before);
    expect(await copyState(captainShip)).toBe('penguin');
    expect(await copyState(pilotShip)).toBe('available');
    // Pilot's page never shows captain's penguin; captain's collect is not pilot's.
    expect((await mine(pilot)).data.map((p) => p._id)).not.toContain('2');
    expect((await call('DELETE', '/api/my/peguins/assign/2', captain.token)).statusCode).toBe(200);
  });

  it('accrues whole days at the rate times the boost, collects once a day, banks days of a removed ship', async () => {
    await forgetCollects(pilot);
    const a = await newShip(pilot);
    const b = await newShip(pilot);
    await call('POST', '/api/my/peguins/assign', pilot.token, { spaceship: String(a), peguin: '40' });
    await call('POST', '/api/my/peguins/assign', pilot.token, { spaceship: String(b), peguin: '25' });

    const early = await call('POST', '/api/my/peguins/collect', pilot.token);
    expect(early.statusCode).toBe(409);
    expect(body(early).msg).toBe('Nothing to collect yet: an assigned ship earns its first DNC after one full day.');

    await age(pilot, 3);
    const page = await mine(pilot);
    expect(page.data.find((p) => p._id === '40')?.accrued_dnc).toBe(3 * 200);
    expect(page.data.find((p) => p._id === '25')?.accrued_dnc).toBe(3 * 125);
    expect(page.accrued_total).toBe(975);
    expect(page.collected_today).toBe(false);

    // Two days on the Rare penguin are banked when its ship leaves; the 1 of 1 keeps earning.
    await db().execute(sql`UPDATE penguin_assignments SET accrued_from = accrued_from + interval '1 day' WHERE owned_ship_id = ${b}`);
    const removed = await call('DELETE', '/api/my/peguins/assign/25', pilot.token);
    expect(body(removed).banked_dnc).toBe(250);

    const balance = await dncBalance(db(), pilot.id);
    const collected = await call('POST', '/api/my/peguins/collect', pilot.token);
    expect(collected.statusCode).toBe(200);
    expect(body(collected)).toMatchObject({ msg: 'Collected 850 DNC.', amount: 850, balance: balance + 850 });
    expect(await dncBalance(db(), pilot.id)).toBe(balance + 850);

    const after = await mine(pilot);
    expect(after.accrued_total).toBe(0);
    expect(after.collected_today).toBe(true);
    expect(after.next_collect_at).toMatch(/T00:00:00\.000Z$/);
    await age(pilot, 1);
    const again = await call('POST', '/api/my/peguins/collect', pilot.token);
    expect(again.statusCode).toBe(409);
    expect(body(again).msg).toBe('You have already collected today. Come back tomorrow (UTC).');
    expect(await dncBalance(db(), pilot.id)).toBe(balance + 850);
    await call('DELETE', '/api/my/peguins/assign/40', pilot.token);
  });

  it('asks for a sign-in on every call of the player', async () => {
    for (const [method, url] of [['GET', '/api/my/peguins'], ['POST', '/api/my/peguins/assign'], ['DELETE', '/api/my/peguins/assign/1'], ['POST', '/api/my/peguins/collect']] as const)
      expect((await call(method, url, undefined, url.endsWith('assign') ? { spaceship: '1', peguin: '1' } : undefined)).statusCode, url).toBe(401);
  });
});
