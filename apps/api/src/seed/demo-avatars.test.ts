import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { seedDemoAvatars } from './demo-avatars.ts';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'starport-demo-avatar-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

it('gives the demo captain a served avatar, once', async () => {
  await t.createUser({ username: 'captain', password: 'captain-demo-2026' });
  await seedDemoAvatars(t.database.db, t.config);
  const { access_token } = await t.login('captain', 'captain-demo-2026');
  const profile = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(access_token) });
  const avatar = (profile.json() as { user: { avatar: string } }).user.avatar;
  expect(avatar).toMatch(/^\/api\/account\/avatars\/[0-9a-f]{32}-300\.webp$/);
  const img = await t.app.inject({ method: 'GET', url: avatar });
  expect((await sharp(img.rawPayload).metadata()).width).toBe(300);
  // a second run leaves it as it is
  await seedDemoAvatars(t.database.db, t.config);
  const again = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(access_token) });
  expect((again.json() as { user: { avatar: string } }).user.avatar).toBe(avatar);
});
