import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** The page's CSP opens to WalletConnect only when the web app offers it (a project id is set). */
describe('CSP and WalletConnect', () => {
  let plain: TestApp;
  let withWalletConnect: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    withWalletConnect = await createTestApp({ env: { VITE_WALLETCONNECT_PROJECT_ID: 'abcdef0123456789abcdef0123456789' } });
  });
  afterAll(async () => {
    await plain?.close();
    await withWalletConnect?.close();
  });

  const csp = async (t: TestApp) => String((await t.app.inject({ url: '/healthz' })).headers['content-security-policy']);

  it('lets the page reach only its own origin without WalletConnect', async () => {
    const policy = await csp(plain);
    expect(policy).toMatch(/connect-src 'self'(;|$)/);
    expect(policy).not.toContain('walletconnect');
  });

  it("opens connect-src to WalletConnect's relay when it is configured", async () => {
    const policy = await csp(withWalletConnect);
    expect(policy).toMatch(/connect-src 'self'[^;]* wss:\/\/\*\.walletconnect\.org/);
    expect(policy).toMatch(/frame-src 'self'[^;]* https:\/\/\*\.walletconnect\.org/);
  });

  it('refuses a malformed project id at start', async () => {
    await expect(createTestApp({ env: { VITE_WALLETCONNECT_PROJECT_ID: 'not a project id!' } })).rejects.toThrow(
      /VITE_WALLETCONNECT_PROJECT_ID/,
    );
  });
});
