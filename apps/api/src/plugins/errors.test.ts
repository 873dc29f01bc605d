import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { isNulCharacterError, isUniqueViolation } from '../lib/db-errors.ts';
import { errorsPlugin, NUL_MESSAGE } from './errors.ts';

// PGlite by default, PostgreSQL when DATABASE_URL is set: both refuse NUL with the same SQLSTATEs.
describe('the error handler and database errors', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`CREATE TABLE nul_probe (id int PRIMARY KEY, note text, report jsonb)`);
    app = Fastify();
    await app.register(errorsPlugin);
    // Stores what it is sent, as the handlers that keep a player's text or a browser's report do.
    app.post('/store/:id', async (req) => {
      const { note, report } = req.body as { note?: string; report?: unknown };
      const id = Number((req.params as { id: string }).id);
      await database.db.execute(sql`INSERT INTO nul_probe VALUES (${id}, ${note ?? null}, ${report === undefined ? null : JSON.stringify(report)}::jsonb)`);
      return { error: false };
    });
    app.post('/divide', async () => database.db.execute(sql`SELECT 1 / 0`));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers a NUL character in text or jsonb with 400 and a clear msg, whatever the field', async () => {
    const bodies = [{ note: 'a\u0000b' }, { report: { x: 'a\u0000b' } }, { report: { ['key\u0000']: 1 } }, { report: ['\u0000'] }];
    for (const [i, payload] of bodies.entries()) {
      const res = await app.inject({ method: 'POST', url: `/store/${i + 1}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error: true, code: 'BAD_REQUEST', msg: NUL_MESSAGE });
    }
    // The same text without the NUL is stored.
    expect((await app.inject({ method: 'POST', url: '/store/9', payload: { note: 'ab', report: { x: 'ab' } } })).statusCode).toBe(200);
  });

  it('still answers 500 for other database errors, and tells a unique violation apart', async () => {
    const divide = await app.inject({ method: 'POST', url: '/divide' });
    expect(divide.statusCode).toBe(500);
    expect(divide.json()).toEqual({ error: true, code: 'INTERNAL', msg: 'Something went wrong!' });

    const twice = () => database.db.execute(sql`INSERT INTO nul_probe (id) VALUES (100)`);
    await twice();
    const err = await twice().then(() => undefined, (e: unknown) => e);
    expect(isUniqueViolation(err, 'nul_probe_pkey')).toBe(true);
    expect(isUniqueViolation(err, 'another_key')).toBe(false);
    expect(isNulCharacterError(err)).toBe(false);
  });
});
