import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** The land map's satellite tiles come from their own server: the CSP opens to its origin only when set. */
describe('CSP and the satellite tiles', () => {
  let plain: TestApp;
  let withImagery: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    withImagery = await createTestApp({ env: { VITE_SATELLITE_TILES: 'https://imagery.example:8443/tiles/{z}/{x}/{y}.jpg' } });
  });
  afterAll(async () => {
    await plain?.close();
    await withImagery?.close();
  });

  const csp = async (t: TestApp) => String((await t.app.inject({ url: '/healthz' })).headers['content-security-policy']);

  it('lets images and fetches reach the imagery origin when it is configured', async () => {
    const policy = await csp(withImagery);
    expect(policy).toMatch(/img-src 'self'[^;]* https:\/\/imagery\.example:8443(;| |$)/);
    expect(policy).toMatch(/connect-src 'self'[^;]* https:\/\/imagery\.example:8443(;| |$)/);
  });

  it('names no imagery origin when none is configured', async () => {
    expect(await csp(plain)).not.toContain('imagery.example');
  });

  it('refuses a template that is not an http(s) URL at start', async () => {
    await expect(createTestApp({ env: { VITE_SATELLITE_TILES: 'tiles/{z}/{x}/{y}' } })).rejects.toThrow(/VITE_SATELLITE_TILES/);
  });
});
