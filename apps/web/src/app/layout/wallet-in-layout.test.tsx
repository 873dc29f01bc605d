import type { User } from '@starport/schemas';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAKE_ADDRESS, fakeWalletRuntime } from '../../features/accounts/model/fake-wallet-runtime.fixtures.ts';
import { saveSession } from '../../lib/session-storage.ts';
import { loadWallet } from '../../lib/wallet/wallet-api.ts';
import { json, mockFetch, type Call } from '../../test/fetch-mock.ts';
import { AppProviders } from '../providers.tsx';
import { routes } from '../routes/route-table.tsx';

vi.mock('../../lib/wallet/wallet-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/wallet/wallet-api.ts')>()),
  loadWallet: vi.fn(),
}));

const walletUser: User = {
  id: 'w1',
  username: 'pilot-1cdef0aa',
  email: null,
  active: false,
  avatar: null,
  walletAddress: FAKE_ADDRESS,
  hasPassword: false,
};
const emailUser: User = { ...walletUser, id: 'e1', username: 'pilot', email: 'pilot@starport.local', active: true, walletAddress: null, hasPassword: true };
const SIWE = `localhost wants you to sign in with your Ethereum account:\n${FAKE_ADDRESS}`;
const nonce = { error: false, nonce: 'n-1', message: SIWE, chainId: 31337, expiresAt: '2030-01-01T00:00:00Z' };

/** The API as the layout meets it: who is signed in decides the profile answer. */
function api(profile: User | null) {
  return (call: Call) => {
    const path = call.url.replace(/^.*?\/api\//, '/api/');
    if (path === '/api/account/profile' && profile) return json(200, { error: false, user: profile });
    if (path === '/api/credit/total') return json(200, { error: false, amount: 0 });
    if (path === `/api/web3_login/${FAKE_ADDRESS}/nonce`) return json(200, nonce);
    if (path === `/api/web3_login/${FAKE_ADDRESS}/signature`) {
      return json(200, { error: false, msg: 'ok', access_token: 'a1', refresh_token: 'r1', user: walletUser, created: false });
    }
    if (path === '/api/account/connect_wallet/nonce') return json(200, nonce);
    if (path === '/api/account/connect_wallet') {
      return json(200, { error: false, msg: 'Wallet linked.', user: { ...emailUser, walletAddress: FAKE_ADDRESS } });
    }
    return json(404, { error: true, code: 'NOT_FOUND', msg: 'Not found.' });
  };
}

/** Strict mode, as main.tsx renders: effects run twice, which must not say things twice. */
function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return router;
}

beforeAll(() => {
  // Radix positions menus with ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

beforeEach(() => {
  vi.mocked(loadWallet).mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('wallet in the header and layout', () => {
  it('offers "Connect wallet" next to Sign in; signing in shows the address shortened to 5 + 5', async () => {
    mockFetch(api(walletUser));
    vi.mocked(loadWallet).mockResolvedValue(fakeWalletRuntime());
    renderApp('/shop');

    expect((await screen.findByTestId('header-sign-in')).getAttribute('href')).toBe('/login');
    fireEvent.click(screen.getByTestId('header-connect-wallet'));
    const dialog = await screen.findByTestId('connect-wallet-dialog');
    const browser = await within(dialog).findByTestId('wallet-choice-browser');
    await waitFor(() => expect((browser as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(browser);

    const menu = await screen.findByTestId('profile-menu');
    expect(menu.textContent).toContain('0x12a…ef0aa');
    expect(screen.queryByTestId('header-connect-wallet')).toBeNull();
    expect(screen.queryByTestId('connect-wallet-dialog')).toBeNull();
    // A wallet account has no e-mail yet: it is asked to link one.
    expect(screen.getByRole('link', { name: 'Link an e-mail' }).getAttribute('href')).toBe('/link_email_account');
  });

  it('opens the invitation dialog with the two choices when a signed-out visitor follows a `code` link', async () => {
    mockFetch(api(null));
    vi.mocked(loadWallet).mockResolvedValue(fakeWalletRuntime());
    renderApp('/market?code=friend42');
    const invitation = await screen.findByTestId('invitation-dialog');
    expect(within(invitation).getByTestId('wallet-choice-browser')).toBeTruthy();
    expect(within(invitation).getByTestId('wallet-choice-walletconnect')).toBeTruthy();
    expect(localStorage.getItem('wallet_ref')).toBe('friend42');

    // Dismissed, it stays closed for that code.
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('invitation-dialog')).toBeNull());
  });

  it('keeps the code but shows no invitation to a signed-in player', async () => {
    saveSession({ user: walletUser, accessToken: 'a0', refreshToken: 'r0', remember: true });
    mockFetch(api(walletUser));
    vi.mocked(loadWallet).mockResolvedValue(fakeWalletRuntime());
    renderApp('/?code=friend42');
    await screen.findByTestId('profile-menu');
    expect(localStorage.getItem('wallet_ref')).toBe('friend42');
    expect(screen.queryByTestId('invitation-dialog')).toBeNull();
    expect(loadWallet).not.toHaveBeenCalled();
  });

  // Before any test that shows the toast: toasts outlive a test by a few seconds.
  it('says nothing of a wallet to a signed-out visitor who opens `?connected`, and drops the parameter', async () => {
    mockFetch(api(null));
    const router = renderApp('/shop?connected=1&page=2');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByTestId('header-sign-in')).toBeTruthy();
    expect(screen.queryByText('Your wallet is connected to your account.')).toBeNull();
    expect(screen.queryByText('Wallet connected')).toBeNull();
  });

  it('says the wallet was connected on `?connected`, once, and drops the parameter', async () => {
    saveSession({ user: { ...emailUser, walletAddress: FAKE_ADDRESS }, accessToken: 'a0', refreshToken: 'r0', remember: true });
    mockFetch(api({ ...emailUser, walletAddress: FAKE_ADDRESS }));
    const router = renderApp('/shop?connected=1&page=2');
    expect((await screen.findByText('Your wallet is connected to your account.')).textContent).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(screen.getAllByText('Your wallet is connected to your account.')).toHaveLength(1);
  });

  it('links a wallet to an e-mail account on /connect_wallet, then shows the address', async () => {
    saveSession({ user: emailUser, accessToken: 'a0', refreshToken: 'r0', remember: true });
    const { calls } = mockFetch(api(emailUser));
    const runtime = fakeWalletRuntime();
    vi.mocked(loadWallet).mockResolvedValue(runtime);
    renderApp('/');

    // Reached from the profile menu, which offers it only to accounts without a wallet.
    fireEvent.keyDown(await screen.findByTestId('profile-menu'), { key: 'Enter' });
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Link wallet' }));
    expect(await screen.findByRole('heading', { name: 'Link blockchain wallet' })).toBeTruthy();
    const browser = await screen.findByTestId('wallet-choice-browser');
    await waitFor(() => expect((browser as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(browser);

    expect((await screen.findByTestId('linked-wallet')).textContent).toBe(FAKE_ADDRESS);
    expect(await screen.findByText('Your wallet is connected to your account.')).toBeTruthy();
    const nonceCall = calls.find((c) => c.url.endsWith('/api/account/connect_wallet/nonce'));
    expect(nonceCall?.body).toEqual({ wallet: FAKE_ADDRESS });
    expect(nonceCall?.headers.Authorization).toBe('Bearer a0');
    expect(calls.find((c) => c.url.endsWith('/api/account/connect_wallet'))?.body).toEqual({
      wallet: FAKE_ADDRESS,
      signature: expect.stringMatching(/^0x/),
      message: SIWE,
    });
    expect(JSON.parse(localStorage.getItem('user')!).walletAddress).toBe(FAKE_ADDRESS);
    expect(screen.getByTestId('profile-menu').textContent).toContain('0x12a…ef0aa');
  });

  it('sends a signed-out visitor away from /connect_wallet', async () => {
    mockFetch(api(null));
    const router = renderApp('/connect_wallet');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
