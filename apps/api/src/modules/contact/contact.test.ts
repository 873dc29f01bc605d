import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { contactMessages, emails } from '../../db/schema/index.ts';
import { redisRateLimiter, type RateLimiter } from '../../lib/rate-limiter.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const message = (over: Record<string, unknown> = {}) => ({ name: 'Ada Pilot', email: 'ada@example.com', message: 'My ship did not arrive.', ...over });

describe('contact form', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (payload: unknown, remoteAddress = '198.51.100.1', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress, headers });

  it('stores the message and mails it to OPERATOR_EMAIL', async () => {
    expect(t.config.operatorEmail).toBe('operator@starport.local');
    const res = await send(message({ name: '  Ada Pilot ', message: 'My ship <b>did not</b> arrive.\nOrder 42.' }), '198.51.100.1');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ error: false, msg: expect.stringMatching(/message has been sent/) });

    const rows = await t.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ada Pilot', email: 'ada@example.com', message: 'My ship <b>did not</b> arrive.\nOrder 42.', ip: '198.51.100.1', userId: null });

    const mail = await t.lastMail('operator@starport.local');
    expect(mail).toMatchObject({ kind: 'contact', status: 'sent', subject: 'Contact form: Ada Pilot' });
    expect(mail?.text).toContain('From: Ada Pilot <ada@example.com>');
    expect(mail?.text).toContain('My ship <b>did not</b> arrive.');
    // The player's text is escaped in the HTML version.
    expect(mail?.html).toContain('My ship &lt;b&gt;did not&lt;/b&gt; arrive.');
    expect(mail?.html).not.toContain('<b>did not</b>');
  });

  it('records the signed-in sender', async () => {
    const userId = await t.createUser({ username: 'contact_user', password: 'contact-password-1' });
    const { access_token } = await t.login('contact_user', 'contact-password-1');
    const res = await send(message({ message: 'From a signed-in player.' }), '198.51.100.2', bearer(access_token));
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.message, 'From a signed-in player.'));
    expect(row?.userId).toBe(userId);
  });

  it('answers 400 with the schema message for an empty name, a bad e-mail or an empty message, and stores nothing', async () => {
    const before = (await t.database.db.select().from(contactMessages)).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [message({ name: '' }), 'Please enter your name.'],
      [message({ name: '   ' }), 'Please enter your name.'],
      [message({ name: undefined }), 'Please enter your name.'],
      [message({ email: 'not-an-email' }), 'Please enter a valid e-mail address.'],
      [message({ email: 'a@b' }), 'Please enter a valid e-mail address.'],
      [message({ email: undefined }), 'Please enter your e-mail.'],
      [message({ message: '' }), 'Please enter a message.'],
      [message({ message: ' \n\t ' }), 'Please enter a message.'],
      [message({ message: 42 }), 'Please enter a message.'],
      [message({ message: 'x'.repeat(5001) }), 'Your message is too long (5000 characters at most).'],
    ];
    for (const [payload, msg] of cases) {
      const res = await send(payload, '198.51.100.3');
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(body(res), JSON.stringify(payload).slice(0, 80)).toEqual({ error: true, code: 'BAD_REQUEST', msg });
    }
    const extra = await send({ ...message(), admin: true }, '198.51.100.3');
    expect(extra.statusCode).toBe(400);
    expect(body(extra)).toMatchObject({ error: true, code: 'BAD_REQUEST', msg: expect.any(String) });
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it('answers 429 RATE_LIMITED with retry-after to the 6th message from one address within the hour', async () => {
    const ip = '203.0.113.9';
    for (let i = 1; i <= 5; i++) {
      const res = await send(message({ message: `limited ${i}` }), ip);
      expect(res.statusCode, `message ${i}`).toBe(200);
    }
    const sixth = await send(message({ message: 'limited 6' }), ip);
    expect(sixth.statusCode).toBe(429);
    expect(body(sixth)).toMatchObject({ error: true, code: 'RATE_LIMITED', msg: expect.stringMatching(/try again in \d+ minutes?/) });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    const stored = await t.database.db.select().from(contactMessages).where(eq(contactMessages.ip, ip));
    expect(stored.map((r) => r.message).sort()).toEqual(['limited 1', 'limited 2', 'limited 3', 'limited 4', 'limited 5']);
    await t.drainJobs();
    const mailed = await t.database.db.select().from(emails).where(eq(emails.kind, 'contact'));
    expect(mailed.some((m) => m.text.includes('limited 6'))).toBe(false);

    // Another address is not affected.
    expect((await send(message(), '203.0.113.10')).statusCode).toBe(200);
  });
});

describe('contact rate limit shared through Redis', () => {
  const prefix = `starport:test:${randomBytes(6).toString('hex')}:`;
  let limiterA: RateLimiter;
  let limiterB: RateLimiter;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // Two processes: each its own Redis connection, one database.
    limiterA = redisRateLimiter(REDIS_URL, prefix);
    limiterB = redisRateLimiter(REDIS_URL, prefix);
    a = await createTestApp({ limiter: limiterA });
    b = await createTestApp({ limiter: limiterB, database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await limiterA?.close();
    await limiterB?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('two app instances count one address together', async () => {
    const ip = '192.0.2.77';
    const post = (app: TestApp, i: number) =>
      app.app.inject({ method: 'POST', url: '/api/contact', payload: message({ message: `shared ${i}` }), remoteAddress: ip });
    const answers: number[] = [];
    for (const [i, app] of [a, b, a, b, a].entries()) answers.push((await post(app, i + 1)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200]);

    // Each instance alone has seen at most 3: only a shared counter refuses these.
    for (const app of [b, a]) {
      const res = await post(app, 6);
      expect(res.statusCode).toBe(429);
      expect(body(res).code).toBe('RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    }
    const stored = await a.database.db.select().from(contactMessages).where(eq(contactMessages.ip, ip));
    expect(stored).toHaveLength(5);

    const other = await b.app.inject({ method: 'POST', url: '/api/contact', payload: message(), remoteAddress: '192.0.2.78' });
    expect(other.statusCode).toBe(200);
  });
});
