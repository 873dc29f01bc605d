import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '@starport/schemas';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { avatarUploads, users } from '../../db/schema/index.ts';
import { EXIF_MARKER, HTML_BYTES, jpegWithExif, smallPng, uploadAvatar } from './profile.fixtures.ts';

let t: TestApp;
let dataDir: string;
let pilot: string;
let captain: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'starport-avatar-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  await t.createUser({ username: 'Pilot', password: 'correct-horse-1' });
  await t.createUser({ username: 'Captain', password: 'correct-horse-2' });
  pilot = (await t.login('Pilot', 'correct-horse-1')).access_token;
  captain = (await t.login('Captain', 'correct-horse-2')).access_token;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const post = (url: string, token: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const profileOf = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(token) })).json().user as { username: string; avatar: string | null };

describe('avatar upload and serving', () => {
  it('signs a URL, takes the PUT, makes it the avatar and serves it re-encoded without metadata', async () => {
    expect((await profileOf(pilot)).avatar).toBeNull();
    const input = await jpegWithExif();
    expect(input.includes(Buffer.from(EXIF_MARKER))).toBe(true);
    const { key, put } = await uploadAvatar(t.app, pilot, input, 'holiday.jpg');
    expect(put.statusCode).toBe(200);
    const res = await post('/api/account/avatar', pilot, { key });
    expect(res.statusCode).toBe(200);
    const avatar = body(res).avatar as string;
    expect(avatar).toMatch(/^\/api\/account\/avatars\/[0-9a-f]{32}-300\.webp$/);
    expect((await profileOf(pilot)).avatar).toBe(avatar);

    for (const [url, size] of [[avatar, 300], [avatar.replace('-300.', '-800.'), 800]] as const) {
      const img = await t.app.inject({ method: 'GET', url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      expect(img.headers['x-content-type-options']).toBe('nosniff');
      expect(img.headers['cache-control']).toContain('immutable');
      const meta = await sharp(img.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size, height: size });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(img.rawPayload.includes(Buffer.from(EXIF_MARKER))).toBe(false);
    }
  });

  it('a PNG with HTML appended (a polyglot) is served as pixels only', async () => {
    const polyglot = Buffer.concat([await smallPng(), HTML_BYTES]);
    const { key } = await uploadAvatar(t.app, captain, polyglot, 'poly.png');
    const res = await post('/api/account/change_avatar', captain, { key });
    expect(res.statusCode).toBe(200);
    const img = await t.app.inject({ method: 'GET', url: body(res).avatar as string });
    expect(img.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect((await sharp(img.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses HTML bytes named .png with a 415 and changes nothing', async () => {
    const before = await profileOf(captain);
    const { key, put } = await uploadAvatar(t.app, captain, HTML_BYTES, 'cat.png');
    expect(put.statusCode).toBe(200);
    const res = await post('/api/account/avatar', captain, { key });
    expect(res.statusCode).toBe(415);
    expect(body(res).msg).toBe('This file is not a JPEG, PNG, GIF or WebP image.');
    expect(await profileOf(captain)).toEqual(before);
  });

  it('refuses a file name that is not an image type at sign_url', async () => {
    const res = await post('/api/account/avatar/sign_url', pilot, { file_name: 'script.html' });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toMatch(/JPG, JPEG, JPE, PNG, GIF or WebP/);
  });

  it('refuses a PUT over 1 MB with 413', async () => {
    const { key, put } = await uploadAvatar(t.app, pilot, Buffer.alloc(AVATAR_MAX_BYTES + 1, 1));
    expect(put.statusCode).toBe(413);
    expect(body(put).error).toBe(true);
    // the slot was never filled: making it the avatar says so
    expect((await post('/api/account/avatar', pilot, { key })).statusCode).toBe(400);
  });

  it('takes a PUT of exactly 1 MB (above the 256 KB JSON limit); the bytes then decide', async () => {
    const { key, put } = await uploadAvatar(t.app, pilot, Buffer.alloc(AVATAR_MAX_BYTES, 0));
    expect(put.statusCode).toBe(200);
    expect((await post('/api/account/avatar', pilot, { key })).statusCode).toBe(415);
  });

  it('an upload URL works once', async () => {
    const { url, put } = await uploadAvatar(t.app, pilot, await smallPng());
    expect(put.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'PUT', url, headers: { 'content-type': 'image/png' }, payload: await smallPng() });
    expect(again.statusCode).toBe(409);
    expect(body(again).msg).toMatch(/already been used/);
  });

  it('an expired URL, or one whose expiry or signature was changed, is refused with 403', async () => {
    const signed = await post('/api/account/avatar/sign_url', pilot, { file_name: 'a.png' });
    const url = new URL(body(signed).url as string, 'http://x');
    const tamper = (name: string, value: string) => {
      const u = new URL(url);
      u.searchParams.set(name, value);
      return `${u.pathname}${u.search}`;
    };
    const png = await smallPng();
    for (const bad of [tamper('expires', String(Number(url.searchParams.get('expires')) + 3600)), tamper('sig', 'A'.repeat(43))]) {
      const res = await t.app.inject({ method: 'PUT', url: bad, headers: { 'content-type': 'image/png' }, payload: png });
      expect(res.statusCode).toBe(403);
    }
    // expired in the database (the signed expiry is past as well once time passes)
    await t.database.db.update(avatarUploads).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(avatarUploads.key, body(signed).key as string));
    const late = await t.app.inject({ method: 'PUT', url: `${url.pathname}${url.search}`, headers: { 'content-type': 'image/png' }, payload: png });
    expect(late.statusCode).toBe(403);
    expect(body(late).msg).toMatch(/invalid or has expired/);
  });

  it('an upload becomes an avatar once', async () => {
    const { key } = await uploadAvatar(t.app, pilot, await smallPng());
    expect((await post('/api/account/avatar', pilot, { key })).statusCode).toBe(200);
    const again = await post('/api/account/avatar', pilot, { key });
    expect(again.statusCode).toBe(409);
  });

  it('change_avatar with null removes the avatar', async () => {
    const { key } = await uploadAvatar(t.app, pilot, await smallPng());
    await post('/api/account/avatar', pilot, { key });
    const res = await post('/api/account/change_avatar', pilot, { key: null });
    expect(res.statusCode).toBe(200);
    expect((await profileOf(pilot)).avatar).toBeNull();
  });

  it('limits upload URLs to 30 an hour per player (429)', async () => {
    const other = await t.createUser({ username: 'Uploader', password: 'correct-horse-3' });
    expect(other).toBeTruthy();
    const token = (await t.login('Uploader', 'correct-horse-3')).access_token;
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await post('/api/account/avatar/sign_url', token, { file_name: 'a.png' })).statusCode);
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(answers[30]).toBe(429);
  });

  it('serves nothing for unknown or malformed avatar names', async () => {
    for (const name of ['0'.repeat(32) + '-300.webp', '..%2F..%2Fsecrets', 'x.webp']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/account/avatars/${name}` })).statusCode).toBe(404);
    }
  });
});

describe("another player's upload key", () => {
  // Every owner-scoped call given the pilot's key: 404, and neither player changes.
  const calls = [
    ['POST /avatar', '/api/account/avatar', (key: string) => ({ key })],
    ['POST /change_avatar', '/api/account/change_avatar', (key: string) => ({ key })],
    ['POST /change_profile', '/api/account/change_profile', (key: string) => ({ username: 'Thief', avatar: key })],
  ] as const;
  it.each(calls)('%s answers 404 and changes nothing', async (_name, url, payload) => {
    const { key } = await uploadAvatar(t.app, pilot, await smallPng());
    const [pilotBefore, captainBefore] = [await profileOf(pilot), await profileOf(captain)];
    const res = await post(url, captain, payload(key));
    expect(res.statusCode).toBe(404);
    expect([await profileOf(pilot), await profileOf(captain)]).toEqual([pilotBefore, captainBefore]);
    const [slot] = await t.database.db.select().from(avatarUploads).where(eq(avatarUploads.key, key));
    expect(slot?.usedAt).toBeNull();
    // and the pilot can still use it
    expect((await post('/api/account/avatar', pilot, { key })).statusCode).toBe(200);
  });
});

describe('change_profile', () => {
  it('changes the username and, with an upload key, the avatar in one go', async () => {
    const { key } = await uploadAvatar(t.app, captain, await jpegWithExif(), 'me.jpeg');
    const res = await post('/api/account/change_profile', captain, { username: 'CaptainNova', avatar: key });
    expect(res.statusCode).toBe(200);
    const user = body(res).user as { username: string; avatar: string };
    expect(user.username).toBe('CaptainNova');
    expect(user.avatar).toMatch(/-300\.webp$/);
    // the current avatar URL (or none) keeps it
    const keep = await post('/api/account/change_profile', captain, { username: 'CaptainNova2', avatar: user.avatar });
    expect((body(keep).user as { avatar: string }).avatar).toBe(user.avatar);
    await post('/api/account/change_profile', captain, { username: 'Captain' });
  });

  it('lets a player change the case of their own name', async () => {
    const res = await post('/api/account/change_profile', pilot, { username: 'PILOT' });
    expect(res.statusCode).toBe(200);
    await post('/api/account/change_profile', pilot, { username: 'Pilot' });
  });

  it.each([
    ['taken regardless of case', { username: 'pilot' }, 409, 'This username is already taken. Please choose another one.'],
    ['empty', { username: '' }, 400, 'Please enter username'],
    ['blank', { username: '   ' }, 400, 'Please enter username'],
    ['missing', {}, 400, 'Please enter username'],
    ['too short', { username: 'ab' }, 400, 'Username must be at least 3 characters.'],
    ['with spaces', { username: 'a b c' }, 400, 'Username may only contain letters, digits, dots, dashes and underscores.'],
    ['an avatar that is no upload', { username: 'Captain', avatar: 'https://evil.example/x.png' }, 400, 'Unknown avatar. Please upload the image again.'],
  ])('refuses a username %s and changes nothing', async (_case, payload, status, msg) => {
    const before = await profileOf(captain);
    const res = await post('/api/account/change_profile', captain, payload);
    expect(res.statusCode).toBe(status);
    expect(body(res).msg).toBe(msg);
    expect(await profileOf(captain)).toEqual(before);
  });

  it('keeps the username unique in the database whatever its case', async () => {
    const rows = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users WHERE lower(username) = 'pilot'`);
    expect(rows[0]?.n).toBe(1);
    expect((await t.database.db.select().from(users).where(eq(users.username, 'Captain'))).length).toBe(1);
  });

  it('asks for a session on every call', async () => {
    const key = `avatar-uploads/${'a'.repeat(32)}`;
    const calls = [
      ['/api/account/avatar/sign_url', { file_name: 'a.png' }],
      ['/api/account/avatar', { key }],
      ['/api/account/change_avatar', { key: null }],
      ['/api/account/change_profile', { username: 'Someone' }],
    ] as const;
    for (const [url, payload] of calls) expect((await t.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/profile' })).statusCode).toBe(401);
  });
});
