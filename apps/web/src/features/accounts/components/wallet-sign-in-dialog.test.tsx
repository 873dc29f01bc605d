import type { User } from '@starport/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../../../lib/account-store.ts';
import { loadWallet, WalletError, type WalletRuntime } from '../../../lib/wallet/wallet-api.ts';
import { NO_WALLET_MSG, REFUSED_MSG } from '../../../lib/wallet/wallet-errors.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { FAKE_ADDRESS, FAKE_SIGNATURE, fakeWalletRuntime } from '../model/fake-wallet-runtime.fixtures.ts';
import { WalletSignInDialog } from './wallet-sign-in-dialog.tsx';

vi.mock('../../../lib/wallet/wallet-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/wallet/wallet-api.ts')>()),
  loadWallet: vi.fn(),
}));

const SIWE = `localhost wants you to sign in with your Ethereum account:\n${FAKE_ADDRESS}\n\nNonce: n-1`;
const walletUser: User = {
  id: 'w1',
  username: 'pilot-1cdef0aa',
  email: null,
  active: false,
  avatar: null,
  walletAddress: FAKE_ADDRESS,
  hasPassword: false,
};

/** The two sign-in calls, as the server answers them when all is well. */
function api(call: Call) {
  if (call.url.endsWith(`/api/web3_login/${FAKE_ADDRESS}/nonce`)) {
    return json(200, { error: false, nonce: 'n-1', message: SIWE, chainId: 31337, expiresAt: '2030-01-01T00:00:00Z' });
  }
  if (call.url.endsWith(`/api/web3_login/${FAKE_ADDRESS}/signature`)) {
    return json(200, {
      error: false,
      msg: 'Signed in.',
      access_token: 'a1',
      refresh_token: 'r1',
      user: walletUser,
      created: true,
    });
  }
  return json(404, { error: true, code: 'NOT_FOUND', msg: 'Not found.' });
}

function renderDialog(runtime: WalletRuntime) {
  vi.mocked(loadWallet).mockResolvedValue(runtime);
  const onOpenChange = vi.fn();
  const view = renderRoutes([page('/', <WalletSignInDialog open onOpenChange={onOpenChange} />)], '/');
  return { ...view, onOpenChange };
}

const dialog = () => screen.findByTestId('connect-wallet-dialog');
const chooseBrowser = async () => {
  const button = await within(await dialog()).findByTestId('wallet-choice-browser');
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
};

beforeEach(() => {
  useAccountStore.setState({ status: { loggedIn: false }, user: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('connect-wallet dialog', () => {
  it('offers the browser wallet with the wallets found, and WalletConnect disabled with its reason', async () => {
    mockFetch(api);
    renderDialog(fakeWalletRuntime());
    const box = await dialog();
    expect((await within(box).findByTestId('wallet-choice-browser-names')).textContent).toBe('Test Wallet');
    const walletConnect = within(box).getByTestId('wallet-choice-walletconnect') as HTMLButtonElement;
    expect(walletConnect.disabled).toBe(true);
    expect(walletConnect.tagName).toBe('BUTTON'); // never a link that leads nowhere
    const reason = within(box).getByTestId('wallet-choice-walletconnect-reason');
    expect(reason.textContent).toBe('WalletConnect is not set up on this server (no project id).');
    expect(walletConnect.getAttribute('aria-describedby')).toBe(reason.id);
  });

  it('with several browser wallets offers each by name and signs in with the one picked', async () => {
    mockFetch(api);
    const runtime = fakeWalletRuntime({
      choices: () => ({
        browser: {
          available: true,
          wallets: [
            { id: 'io.metamask', name: 'MetaMask' },
            { id: 'io.rabby', name: 'Rabby' },
          ],
        },
        walletconnect: { available: false, reason: 'x' },
      }),
    });
    const { onOpenChange } = renderDialog(runtime);
    const box = await dialog();
    const picks = await within(box).findAllByTestId('wallet-choice-browser-wallet');
    expect(picks.map((b) => b.textContent)).toEqual([
      "MetaMaskBrowser wallet, your browser's default",
      'RabbyBrowser wallet',
    ]);
    expect(within(box).queryByTestId('wallet-choice-browser')).toBeNull();
    fireEvent.click(picks[1]!);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(runtime.connect).toHaveBeenCalledWith('browser', 'io.rabby');
    expect(useAccountStore.getState().user?.walletAddress).toBe(FAKE_ADDRESS);
  });

  it('says "Please install Metamask" when there is no wallet, and asks the server nothing', async () => {
    const { calls } = mockFetch(api);
    const connect = vi.fn(async () => Promise.reject(new WalletError('no_wallet', NO_WALLET_MSG)));
    renderDialog(fakeWalletRuntime({ connect }));
    await chooseBrowser();
    expect((await screen.findByTestId('wallet-error')).textContent).toBe(NO_WALLET_MSG);
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it('shows the "User denied web3 access" text when the wallet refuses to sign', async () => {
    const { calls } = mockFetch(api);
    const signMessage = vi.fn(async () => Promise.reject(new WalletError('refused', REFUSED_MSG)));
    renderDialog(fakeWalletRuntime({ signMessage }));
    await chooseBrowser();
    expect((await screen.findByTestId('wallet-error')).textContent).toBe(REFUSED_MSG);
    expect(signMessage).toHaveBeenCalledWith(SIWE);
    // The nonce was asked; no signature was posted.
    expect(calls.map((c) => c.url.replace(/^.*\/api/, '/api'))).toEqual([`/api/web3_login/${FAKE_ADDRESS}/nonce`]);
  });

  it('signs the server’s message, posts it with wallet_ref, stores the session and closes', async () => {
    localStorage.setItem('wallet_ref', 'friend42');
    const { calls } = mockFetch(api);
    const runtime = fakeWalletRuntime();
    const { onOpenChange, queryClient } = renderDialog(runtime);
    await chooseBrowser();

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(runtime.connect).toHaveBeenCalledWith('browser', undefined);
    expect(runtime.signMessage).toHaveBeenCalledWith(SIWE);
    const post = calls.find((c) => c.url.endsWith('/signature'));
    expect(post?.method).toBe('POST');
    expect(post?.body).toEqual({ signature: FAKE_SIGNATURE, message: SIWE, wallet_ref: 'friend42' });
    expect(post?.headers.Authorization).toBeUndefined();
    // Stored like the password login: localStorage keys, the store, the profile cache.
    expect(localStorage.getItem('jwt')).toBe('a1');
    expect(localStorage.getItem('jwt_refresh')).toBe('r1');
    expect(localStorage.getItem('wallet')).toBe(FAKE_ADDRESS);
    expect(useAccountStore.getState().status.loggedIn).toBe(true);
    expect(queryClient.getQueryData(['account', 'profile'])).toEqual({ error: false, user: walletUser });
  });

  it('leaves wallet_ref out when the visitor came without an invitation', async () => {
    const { calls } = mockFetch(api);
    renderDialog(fakeWalletRuntime());
    await chooseBrowser();
    await waitFor(() => expect(localStorage.getItem('jwt')).toBe('a1'));
    expect(calls.find((c) => c.url.endsWith('/signature'))?.body).toEqual({ signature: FAKE_SIGNATURE, message: SIWE });
  });

  it('shows the server’s msg when the sign-in is refused, and stays open to try again', async () => {
    mockFetch((call) =>
      call.url.endsWith('/signature')
        ? json(401, { error: true, code: 'SIGNATURE_INVALID', msg: 'This signature does not match the wallet.' })
        : api(call),
    );
    const { onOpenChange } = renderDialog(fakeWalletRuntime());
    await chooseBrowser();
    expect((await screen.findByTestId('wallet-error')).textContent).toBe('This signature does not match the wallet.');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(localStorage.getItem('jwt')).toBeNull();
    // The choices are usable again for a second attempt.
    await waitFor(() =>
      expect((screen.getByTestId('wallet-choice-browser') as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('on a phone without a wallet, turns the browser choice into a link into the MetaMask app', async () => {
    mockFetch(api);
    localStorage.setItem('wallet_ref', 'friend42');
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
    });
    const runtime = fakeWalletRuntime({
      choices: () => ({ browser: { available: false, wallets: [] }, walletconnect: { available: false, reason: 'x' } }),
    });
    renderDialog(runtime);
    const link = await within(await dialog()).findByRole('link', { name: /Browser wallet/ });
    expect(link.getAttribute('data-testid')).toBe('wallet-choice-browser');
    expect(link.getAttribute('href')).toBe(`https://metamask.app.link/dapp/${window.location.host}/?code=friend42`);
  });
});
