import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { dncBalance, grantPlots } from '../assets/index.ts';
import { writeGoalandRate } from './goaland-rate.ts';

type Player = { id: string; token: string };
type Summary = { total: number; dailyEarn: number; enable: boolean; next_time: string | null; accrued: number; rate_per_plot_day: number };

describe('goaland: the programme, my land staking, collecting DNC', () => {
  let t: TestApp;
  let owner: Player;
  let landless: Player;
  let nextCell = 1000;
  const db = () => t.database.db;
  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const summary = async (p: Player) => body(await call('GET', '/api/my/lands', p.token)) as unknown as Summary;
  const claim = (p: Player, payload?: unknown) => call('POST', '/api/my/lands/claim', p.token, payload);
  const givePlots = (p: Player, n: number) =>
    db().transaction((tx) =>
      grantPlots(tx, { userId: p.id, collectionId: null, plots: Array.from({ length: n }, () => ({ cellId: ++nextCell, country: null, valuation: 25, creditPaid: 25 })) }),
    );
  /** Moves the player's plots' staking clock `days` whole days (plus an hour) into the past. */
  const age = (p: Player, days: number) =>
    db().execute(sql`UPDATE land_plots SET staking_from = staking_from - make_interval(days => ${days}::int, hours => 1) WHERE user_id = ${p.id}`);
  const forgetCollects = (p: Player) => db().execute(sql`DELETE FROM land_staking_collections WHERE user_id = ${p.id}`);

  beforeAll(async () => {
    t = await createTestApp();
    const sign = (name: string) => t.signUp(name);
    owner = await sign('landlord');
    landless = await sign('landless');
    await writeGoalandRate(db(), 10);
  });
  afterAll(async () => t?.close());

  it('shows the programme to anyone', async () => {
    const res = await call('GET', '/api/fetch/lands');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ error: false, rate_per_plot_day: 10, period: 'utc-day' });
    expect((body(res) as unknown as { description: string }).description).toMatch(/10 DNC per full day/);
  });

  it('asks for sign-in on my calls (401)', async () => {
    expect((await call('GET', '/api/my/lands')).statusCode).toBe(401);
    expect((await call('POST', '/api/my/lands/claim')).statusCode).toBe(401);
  });

  it('a player without plots has nothing to collect (409, clear message)', async () => {
    expect(await summary(landless)).toMatchObject({ total: 0, dailyEarn: 0, enable: false, next_time: null, accrued: 0 });
    const res = await claim(landless);
    expect(res.statusCode).toBe(409);
    expect(body(res).msg).toMatch(/Nothing to collect yet/);
    expect(await dncBalance(db(), landless.id)).toBe(0);
  });

  it('new plots earn nothing before a full day; collect is refused and may be tried again later', async () => {
    await givePlots(owner, 3);
    expect(await summary(owner)).toMatchObject({ total: 3, dailyEarn: 30, enable: false, accrued: 0, next_time: null });
    expect((await claim(owner)).statusCode).toBe(409);
    const [row] = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM land_staking_collections WHERE user_id = ${owner.id}`);
    expect(row!.n).toBe(0);
  });

  it('accrues per whole day per plot and collects once per UTC day', async () => {
    await age(owner, 2);
    expect(await summary(owner)).toMatchObject({ total: 3, dailyEarn: 30, enable: true, accrued: 60 });
    const res = await claim(owner);
    expect(res.statusCode).toBe(200);
    const paid = body(res) as unknown as { amount: number; balance: number; next_time: string; msg: string };
    expect(paid).toMatchObject({ amount: 60, balance: 60, msg: 'Collected 60 DNC.' });
    expect(Date.parse(paid.next_time)).toBeGreaterThan(Date.now());
    expect(await dncBalance(db(), owner.id)).toBe(60);

    const after = await summary(owner);
    expect(after).toMatchObject({ enable: false, accrued: 0 });
    expect(after.next_time).toBe(paid.next_time);
    expect(new Date(after.next_time!).getUTCHours()).toBe(0);

    await age(owner, 1);
    const again = await claim(owner);
    expect(again.statusCode).toBe(409);
    expect(body(again).msg).toMatch(/already collected/);
    expect(await dncBalance(db(), owner.id)).toBe(60);
  });

  it('keeps the part of a day in progress and counts new plots from their purchase', async () => {
    await forgetCollects(owner); // as if a new UTC day began
    await givePlots(owner, 1); // bought now: earns nothing yet
    expect(await summary(owner)).toMatchObject({ total: 4, dailyEarn: 40, accrued: 30, enable: true });
    const res = await claim(owner);
    expect(body(res)).toMatchObject({ amount: 30, balance: 90 });
    const rows = await queryRows<{ hours: number }>(
      db(),
      sql`SELECT round(extract(epoch FROM (now() - staking_from)) / 3600)::int AS hours FROM land_plots WHERE user_id = ${owner.id} ORDER BY cell_id`,
    );
    // each age() left an hour over: two of them so far, kept after the whole days were credited
    expect(rows.map((r) => r.hours)).toEqual([2, 2, 2, 0]);
  });

  it('refuses a claim body with fields (4xx) and credits nothing', async () => {
    await forgetCollects(owner);
    await age(owner, 1);
    for (const bad of [{ amount: 1000 }, [1], 'x']) {
      const res = await claim(owner, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(bad)).toBeLessThan(500);
      expect(typeof body(res).msg).toBe('string');
    }
    expect(await dncBalance(db(), owner.id)).toBe(90);
    expect((await claim(owner, {})).statusCode).toBe(200);
  });
});
