import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';

/**
 * Usernames under a race, on real PostgreSQL (QUALITY.md): the check before the write cannot
 * see the other transaction, so the unique index on lower(username) decides, and the loser
 * gets the same clear 409 as a name that was already taken.
 */
let t: TestApp;
const tokens: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ postgres: true });
  for (const name of ['racer-one', 'racer-two', 'racer-three', 'racer-four']) {
    await t.createUser({ username: name, password: 'correct-horse-1' });
    tokens.push((await t.login(name, 'correct-horse-1')).access_token);
  }
});
afterAll(async () => t?.close());

describe('two players take the same username at once', () => {
  it.each([
    ['the same case', ['Nebula', 'Nebula']],
    ['different cases', ['Quasar', 'qUASAR']],
  ])('with %s: one wins, the other gets 409', async (_case, names) => {
    for (let round = 0; round < 5; round++) {
      const wanted = names.map((n) => `${n}${round}`);
      const answers = await Promise.all(
        wanted.map((username, i) =>
          t.app.inject({ method: 'POST', url: '/api/account/change_profile', headers: bearer(tokens[i]!), payload: { username } }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((a) => a.statusCode === 409)!;
      expect(loser.json()).toMatchObject({ code: 'USERNAME_TAKEN', msg: 'This username is already taken. Please choose another one.' });
      const rows = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users WHERE lower(username) = lower(${wanted[0]!})`);
      expect(rows[0]?.n).toBe(1);
      // both back to their own names for the next round
      await Promise.all(
        ['racer-one', 'racer-two'].map((username, i) =>
          t.app.inject({ method: 'POST', url: '/api/account/change_profile', headers: bearer(tokens[i]!), payload: { username } }),
        ),
      );
    }
  });
});
