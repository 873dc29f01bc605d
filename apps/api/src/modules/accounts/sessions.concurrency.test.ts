import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { SessionService } from './sessions.service.ts';

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: refresh races and two API copies', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ postgres: true });
    b = await createTestApp({ database: a.database });
    await a.createUser({ username: 'racer', password: 'racer-password-1' });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('ten parallel refreshes of one token: exactly one wins, and the session survives', async () => {
    const s = await a.login('racer', 'racer-password-1');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).app.inject({
          method: 'POST',
          url: '/api/account/refresh_token',
          payload: { refresh_token: s.refresh_token },
        }),
      ),
    );
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    // The others are told the session goes on and another caller holds its new tokens (0079).
    expect(results.filter((r) => r.statusCode === 401 && r.json().code === 'REFRESH_TOKEN_ROTATED')).toHaveLength(9);
    const next = winners[0]!.json();
    const profile = await a.app.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: bearer(next.access_token),
    });
    expect(profile.statusCode).toBe(200);
  });

  it('sign in on one copy, refresh on the other, sign out on the first: one service', async () => {
    const s = await a.login('racer', 'racer-password-1');
    const refreshed = await b.app.inject({
      method: 'POST',
      url: '/api/account/refresh_token',
      payload: { refresh_token: s.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    const tokens = refreshed.json();
    expect(
      (await a.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(tokens.access_token) }))
        .statusCode,
    ).toBe(200);
    await a.app.inject({ method: 'POST', url: '/api/account/logout', headers: bearer(tokens.access_token) });
    expect(
      (await b.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(tokens.access_token) }))
        .statusCode,
    ).toBe(401);
  });

  it('the same activation key used twice at once activates once', async () => {
    await a.app.inject({
      method: 'POST',
      url: '/api/account/registry',
      payload: { username: 'twin', email: 'twin@example.com', password: 'twin-password-1' },
    });
    const key = await a.mailedKey('twin@example.com', 'email_active');
    const results = await Promise.all(
      [a, b, a, b].map((x) => x.app.inject({ method: 'GET', url: `/api/account/active/${key}` })),
    );
    // One request activates; the others, once it has, say the account is already active.
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results.filter((r) => r.json().already_active === false)).toHaveLength(1);
  });

  it('the same username signed up twice at once creates one account', async () => {
    const results = await Promise.all(
      [a, b, a, b].map((x, i) =>
        x.app.inject({
          method: 'POST',
          url: '/api/account/registry',
          payload: { username: 'dupe', email: `dupe${i}@example.com`, password: 'dupe-password-1' },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
  });

  it('sixty signed-in requests at once, a third signed out just before: each is answered by its own session', async () => {
    // Checks that arrive together share one statement (decision 0081); none may take another's answer.
    const starter = new SessionService(a.database.db, a.config.jwtAccessSecret);
    const players = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const id = await a.createUser({ username: `crowd${i}` });
        return { id, token: (await starter.start(id, false)).access_token, out: i % 3 === 0 };
      }),
    );
    for (const p of players.filter((x) => x.out)) {
      expect(
        (await a.app.inject({ method: 'POST', url: '/api/account/logout', headers: bearer(p.token) })).statusCode,
      ).toBeLessThan(300);
    }
    const answers = await Promise.all(
      players.map((p, i) =>
        (i % 2 ? a : b).app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(p.token) }),
      ),
    );
    answers.forEach((res, i) => {
      const p = players[i]!;
      if (p.out) {
        expect(res.statusCode).toBe(401);
        expect(res.json().msg).toBe('Your session has ended. Please sign in again.');
      } else {
        expect(res.statusCode).toBe(200);
        expect(res.json().user.username).toBe(`crowd${i}`);
      }
    });
  });
});
