import { hashServerSeed, isValidClientSeed, verifyOpening, type OddsBps } from '@starport/schemas/fairness';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { blindBoxes, blindBoxTiers } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';

type Active = { server_seed_hash: string; client_seed: string; next_nonce: number; created_at: string };
type Revealed = { server_seed: string; server_seed_hash: string; client_seed: string; last_nonce: number | null };
type Opening = {
  id: string;
  order_code?: string;
  box_code: string;
  box_name: string;
  server_seed: string | null;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  roll: number;
  rarity: number;
  odds: { common: number; rare: number; epic: number; legend: number };
  ship: { id: string; name: string; rarity: number };
};

describe('/api/fairness: seed pairs, rotation and openings', () => {
  let t: TestApp;
  let orderSeq = 0;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload }) });
  /** Every fairness answer a player can get, as text: none may hold an active server seed. */
  const everything = async (token: string) =>
    (
      await Promise.all([
        call('GET', '/api/fairness/seed', token),
        call('GET', '/api/fairness/openings?limit=100', token),
        ...((body(await call('GET', '/api/fairness/openings?limit=100', token)).data as Opening[]) ?? []).map((o) =>
          call('GET', `/api/fairness/openings/${o.id}`),
        ),
      ])
    )
      .map((r) => r.body)
      .join('\n');
  /**
   * Opens `boxes` Frontier boxes for a player: a paid order as the orders area leaves it (its
   * boxes holding one of every tier), fulfilled by the app's own order.fulfil job.
   */
  async function openBoxes(userId: string, boxes: number): Promise<string> {
    const code = `SP-FA${String(++orderSeq).padStart(8, '0')}`;
    const total = 250_000_000 * boxes;
    const db = t.database.db;
    const [order] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO orders (code, user_id, status, method, totalsub_micro, discount_micro, total_micro, discount_bps, expires_at, paid_at)
          VALUES (${code}, ${userId}, 'paid', 'card', ${total}, 0, ${total}, 0, now(), now()) RETURNING id::int AS id`,
    );
    await db.execute(
      sql`INSERT INTO order_lines (order_id, object, blind_box_code, name, quantity, unit_sell_price_micro, unit_list_price_micro)
          VALUES (${order!.id}, 'blindbox', 'frontier', 'Frontier Blind Box', ${boxes}, 250000000, 1000000000)`,
    );
    await db.execute(
      sql`INSERT INTO blind_box_reservations (order_id, box_code, quantity, consumed_at) VALUES (${order!.id}, 'frontier', ${boxes}, now())`,
    );
    await db.execute(sql`UPDATE blind_box_tiers SET supply = supply - ${boxes} WHERE box_code = 'frontier'`);
    await enqueueJob(db, 'order.fulfil', { orderId: order!.id }, { dedupeKey: `order.fulfil:${order!.id}` });
    await t.drainJobs();
    const [done] = await queryRows<{ status: string }>(db, sql`SELECT status FROM orders WHERE id = ${order!.id}`);
    expect(done!.status).toBe('fulfilled');
    return code;
  }
  const activeSeedOf = async (userId: string) =>
    (
      await queryRows<{ server_seed: string }>(
        t.database.db,
        sql`SELECT server_seed FROM fairness_seeds WHERE user_id = ${userId} AND revealed_at IS NULL`,
      )
    )[0]!.server_seed;

  beforeAll(async () => {
    // The property test below rotates alice's pair dozens of times; the limit has its own test.
    t = await createTestApp({ env: { FAIRNESS_ROTATIONS_PER_HOUR: '1000' } });
    const sign = async (name: string) => {
      const id = await t.createUser({ username: name, password: `${name}-password-1` });
      return { id, token: (await t.login(name, `${name}-password-1`)).access_token };
    };
    alice = await sign('alice');
    bob = await sign('bob');
    await t.database.db.insert(blindBoxes).values({
      code: 'frontier',
      name: 'Frontier Blind Box',
      description: 'A box for tests.',
      salePriceMicro: 250_000_000,
      listPriceMicro: 1_000_000_000,
      oddsCommonBps: 7000,
      oddsRareBps: 2200,
      oddsEpicBps: 700,
      oddsLegendaryBps: 100,
    });
    await t.database.db
      .insert(blindBoxTiers)
      .values([0, 1, 2, 3].map((rarity) => ({ boxCode: 'frontier', rarity, supply: 1000 })));
  });
  afterAll(async () => t?.close());

  it('asks for sign-in on the player’s calls', async () => {
    for (const res of [
      await call('GET', '/api/fairness/seed'),
      await call('PUT', '/api/fairness/client_seed', undefined, { client_seed: 'x' }),
      await call('POST', '/api/fairness/rotate'),
      await call('GET', '/api/fairness/openings'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(body(res)).toMatchObject({ error: true, code: 'UNAUTHORIZED' });
    }
  });

  it('makes the pair on the first call: the hash of a secret server seed, a random client seed, nonce 0', async () => {
    const res = await call('GET', '/api/fairness/seed', alice.token);
    expect(res.statusCode).toBe(200);
    const data = body(res).data as Active;
    expect(data).toMatchObject({ client_seed: expect.stringMatching(/^[0-9a-f]{32}$/), next_nonce: 0 });
    expect(data.server_seed_hash).toBe(await hashServerSeed(await activeSeedOf(alice.id)));
    expect(Object.keys(data).sort()).toEqual(['client_seed', 'created_at', 'next_nonce', 'server_seed_hash']);
    // The same pair until it rotates.
    expect(body(await call('GET', '/api/fairness/seed', alice.token)).data).toEqual(data);
  });

  it('refuses a bad client seed with a clear 400, and changes nothing', async () => {
    const before = body(await call('GET', '/api/fairness/seed', alice.token)).data;
    for (const payload of [
      { client_seed: '' },
      { client_seed: 'x'.repeat(65) },
      { client_seed: 'café' },
      { client_seed: 'tab\there' },
      { client_seed: 42 },
      {},
    ]) {
      const res = await call('PUT', '/api/fairness/client_seed', alice.token, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ error: true, code: 'BAD_REQUEST' });
    }
    const res = await call('PUT', '/api/fairness/client_seed', alice.token, { client_seed: '' });
    expect(body(res).msg).toBe(
      'The client seed must be 1 to 64 printable ASCII characters (letters, digits, punctuation or spaces).',
    );
    const extra = await call('PUT', '/api/fairness/client_seed', alice.token, {
      client_seed: 'ok',
      server_seed: 'a'.repeat(64),
    });
    expect(extra.statusCode).toBe(400);
    expect(body(await call('GET', '/api/fairness/seed', alice.token)).data).toEqual(before);
  });

  it('hides the server seed until the pair rotates, then every opening made with it verifies', async () => {
    const code = await openBoxes(alice.id, 3);
    const secret = await activeSeedOf(alice.id);
    expect(await everything(alice.token)).not.toContain(secret);

    const list = body(await call('GET', '/api/fairness/openings', alice.token)) as unknown as {
      data: Opening[];
      total: number;
      page: number;
      limit: number;
    };
    expect(list).toMatchObject({ error: false, total: 3, page: 1, limit: 20 });
    expect(list.data.map((o) => [o.order_code, o.nonce, o.server_seed])).toEqual([
      [code, 2, null],
      [code, 1, null],
      [code, 0, null],
    ]);
    expect(list.data[0]).toMatchObject({
      box_code: 'frontier',
      box_name: 'Frontier Blind Box',
      odds: { common: 7000, rare: 2200, epic: 700, legend: 100 },
    });

    const res = await call('PUT', '/api/fairness/client_seed', alice.token, { client_seed: 'lucky star 7' });
    expect(res.statusCode).toBe(200);
    const { revealed, active } = body(res).data as { revealed: Revealed; active: Active };
    expect(revealed).toMatchObject({
      server_seed: secret,
      server_seed_hash: list.data[0]!.server_seed_hash,
      last_nonce: 2,
    });
    expect(active).toMatchObject({ client_seed: 'lucky star 7', next_nonce: 0 });
    expect(active.server_seed_hash).not.toBe(revealed.server_seed_hash);

    const after = (body(await call('GET', '/api/fairness/openings', alice.token)).data as Opening[]).reverse();
    for (const o of after) {
      expect(o.server_seed).toBe(secret);
      const check = await verifyOpening({
        serverSeed: o.server_seed!,
        serverSeedHash: o.server_seed_hash,
        clientSeed: o.client_seed,
        nonce: o.nonce,
        oddsBps: [o.odds.common, o.odds.rare, o.odds.epic, o.odds.legend] as OddsBps,
      });
      expect(check).toMatchObject({ hashMatches: true, roll: o.roll, rarity: o.rarity });
      expect(o.ship.rarity).toBe(o.rarity);
    }
    // The new pair's seed is as hidden as the first one was.
    await openBoxes(alice.id, 1);
    expect(await everything(alice.token)).not.toContain(await activeSeedOf(alice.id));
  });

  it('rotate keeps the client seed and reveals the pair it ends', async () => {
    const before = body(await call('GET', '/api/fairness/seed', bob.token)).data as Active;
    const secret = await activeSeedOf(bob.id);
    const res = await call('POST', '/api/fairness/rotate', bob.token);
    expect(res.statusCode).toBe(200);
    const { revealed, active } = body(res).data as { revealed: Revealed; active: Active };
    expect(revealed).toEqual({
      server_seed: secret,
      server_seed_hash: before.server_seed_hash,
      client_seed: before.client_seed,
      last_nonce: null,
    });
    expect(active).toMatchObject({ client_seed: before.client_seed, next_nonce: 0 });
    expect(body(await call('GET', '/api/fairness/seed', bob.token)).data).toEqual(active);
  });

  it('lists only the caller’s openings, paged; one opening is public without the player or the order', async () => {
    await openBoxes(bob.id, 2);
    const bobs = body(await call('GET', '/api/fairness/openings?limit=1&page=2', bob.token)) as unknown as {
      data: Opening[];
      total: number;
    };
    expect(bobs.total).toBe(2);
    expect(bobs.data).toHaveLength(1);
    const alices = body(await call('GET', '/api/fairness/openings?limit=100', alice.token)).data as Opening[];
    expect(alices.map((o) => o.id)).not.toContain(bobs.data[0]!.id);
    expect(alices).toHaveLength(4);

    const pub = await call('GET', `/api/fairness/openings/${bobs.data[0]!.id}`);
    expect(pub.statusCode).toBe(200);
    const { order_code: _code, ...expected } = bobs.data[0]!;
    expect(body(pub).data).toEqual(expected);
    expect(pub.body).not.toContain(bob.id);
    expect(pub.body).not.toContain('order_code');
    expect(pub.body).not.toContain('SP-');
  });

  it('takes any client seed the rule allows and refuses every other body with a 400, never a 5xx (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 70 }), fc.anything()),
        async (clientSeed) => {
          const res = await call('PUT', '/api/fairness/client_seed', alice.token, { client_seed: clientSeed });
          expect(res.statusCode).toBe(isValidClientSeed(clientSeed) ? 200 : 400);
          if (res.statusCode === 200)
            expect((body(res).data as { active: Active }).active.client_seed).toBe(clientSeed);
          else expect(body(res).msg).toBeTruthy();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is in the OpenAPI document, the player’s calls marked as needing a bearer token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const secured = [
      ['/api/fairness/seed', 'get'],
      ['/api/fairness/client_seed', 'put'],
      ['/api/fairness/rotate', 'post'],
      ['/api/fairness/openings', 'get'],
    ] as const;
    for (const [path, method] of secured)
      expect(doc.paths[path]?.[method]?.security, path).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/fairness/openings/{id}']?.get).toBeDefined();
    expect(doc.paths['/api/fairness/openings/{id}']?.get?.security).toBeUndefined();
  });

  it('answers bad paging and unknown or malformed ids with a 4xx', async () => {
    expect((await call('GET', '/api/fairness/openings?limit=101', alice.token)).statusCode).toBe(400);
    expect(body(await call('GET', '/api/fairness/openings?limit=101', alice.token)).msg).toBe(
      'limit must be at most 100.',
    );
    expect((await call('GET', '/api/fairness/openings?page=0', alice.token)).statusCode).toBe(400);
    expect(body(await call('GET', '/api/fairness/openings?page=99', alice.token))).toMatchObject({
      data: [],
      total: 4,
    });
    expect((await call('GET', '/api/fairness/openings/999999')).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '9'.repeat(30)]) {
      expect((await call('GET', `/api/fairness/openings/${id}`)).statusCode).toBe(400);
    }
  });
});

describe('/api/fairness rotation limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('lets a player end 30 pairs an hour (rotate and new client seeds together), then answers 429 and changes nothing', async () => {
    const sign = async (name: string) => {
      const id = await t.createUser({ username: name, password: `${name}-password-1` });
      return { id, token: (await t.login(name, `${name}-password-1`)).access_token };
    };
    const [carol, dave] = [await sign('carol'), await sign('dave')];
    const call = (method: 'POST' | 'PUT', url: string, token: string, payload?: Record<string, string>) =>
      t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
    for (let i = 0; i < 30; i++) {
      const res =
        i % 2
          ? await call('POST', '/api/fairness/rotate', carol.token)
          : await call('PUT', '/api/fairness/client_seed', carol.token, { client_seed: `seed-${i}` });
      expect(res.statusCode).toBe(200);
    }
    const pairs = async (userId: string) =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM fairness_seeds WHERE user_id = ${userId}`,
        )
      )[0]!.n;
    const before = await pairs(carol.id);

    const refused = await call('POST', '/api/fairness/rotate', carol.token);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).msg).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('PUT', '/api/fairness/client_seed', carol.token, { client_seed: 'one-more' })).statusCode).toBe(
      429,
    );
    expect(await pairs(carol.id)).toBe(before);

    // Another player is not affected.
    expect((await call('POST', '/api/fairness/rotate', dave.token)).statusCode).toBe(200);
  });
});
