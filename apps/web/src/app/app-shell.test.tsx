import { isWebRoute } from '@starport/schemas/web-routes';
import type { User } from '@starport/schemas';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { onLogout } from '../lib/session-events.ts';
import { saveSession } from '../lib/session-storage.ts';
import { json, mockFetch, type Call } from '../test/fetch-mock.ts';
import { AppProviders } from './providers.tsx';
import { routes } from './routes/route-table.tsx';

const wallet = '0x12a4567890abcdef1234567890abcdef1cdef0';
const user: User = {
  id: 'u1',
  username: 'pilot',
  email: null,
  active: false,
  avatar: null,
  walletAddress: wallet,
  hasPassword: false,
};

beforeAll(() => {
  // Radix positions menus with ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(call: Call) {
  if (call.url.endsWith('/api/account/profile')) return json(200, { error: false, user });
  if (call.url.endsWith('/api/credit/total')) return json(200, { error: false, amount: 42 });
  if (call.url.endsWith('/api/account/logout')) return json(200, { error: false, msg: 'Logged out.' });
  if (call.url.endsWith('/api/account/login')) {
    return json(200, { error: false, msg: 'ok', access_token: 'a1', refresh_token: 'r1', user });
  }
  return json(404, { error: true, code: 'NOT_FOUND', msg: 'Not found.' });
}

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('app shell', () => {
  it('shows Sign in, the footer and a real 404 page to a visitor', async () => {
    mockFetch(api);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByTestId('header-sign-in').getAttribute('href')).toBe('/login');
    expect(screen.getByText('All prices are in US dollars ($)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });

  it('stores the `code` URL parameter as wallet_ref', async () => {
    mockFetch(api);
    renderApp('/?code=friend42');
    // The invitation dialog (wallet-in-layout.test.tsx) is modal: the page behind it is aria-hidden.
    await screen.findByRole('heading', { name: 'Build your fleet at Starport', hidden: true });
    expect(localStorage.getItem('wallet_ref')).toBe('friend42');
    // Its wallet chunk asks for /api/chain/config (404 here): wait for that to end, or the late
    // request would land in the next test's fetch mock.
    await screen.findByRole('button', { name: 'Try again' });
  });

  it('signs in without "Remember me" into sessionStorage and goes home', async () => {
    const { calls } = mockFetch(api);
    const router = renderApp('/login');
    fireEvent.change(await screen.findByLabelText('E-mail or username'), { target: { value: 'pilot' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[0]?.body).toEqual({ email: 'pilot', password: 'secret-pass', remember: false });
    expect(sessionStorage.getItem('jwt')).toBe('a1');
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(await screen.findByTestId('profile-menu')).toBeTruthy();
  });

  it('shows the short wallet address, the e-mail prompt, and logs out after confirmation', async () => {
    saveSession({ user, accessToken: 'a0', refreshToken: 'r0', remember: true });
    localStorage.setItem('wallet_ref', 'friend42');
    const loggedOut = vi.fn();
    const stop = onLogout(loggedOut);
    const { calls } = mockFetch(api);
    const router = renderApp('/');

    const trigger = await screen.findByTestId('profile-menu');
    expect(trigger.textContent).toContain('0x12a…cdef0');
    expect(screen.getByRole('region', { name: 'E-mail verification' })).toBeTruthy();

    fireEvent.keyDown(trigger, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    // Account pages are offered exactly when their area has registered the page.
    for (const [name, href] of [['My Assets', '/my-assets'], ['Change Profile', '/change-profile']] as const) {
      const item = within(menu).queryByRole('menuitem', { name });
      if (isWebRoute(href)) expect(item?.getAttribute('href')).toBe(href);
      else expect(item).toBeNull();
    }
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog', { name: 'Logout' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByTestId('header-sign-in')).toBeTruthy());
    const logoutCall = calls.find((c) => c.url.endsWith('/api/account/logout'));
    expect(logoutCall?.body).toEqual({ refresh_token: 'r0' });
    expect(logoutCall?.headers.Authorization).toBe('Bearer a0');
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('wallet_ref')).toBe('friend42');
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/');
    stop();
  });

  it('follows a sign-out made in another tab', async () => {
    saveSession({ user, accessToken: 'a0', refreshToken: 'r0', remember: true });
    mockFetch(api);
    renderApp('/change-password');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
    // Another tab removed the session: the browser only tells us through the storage event.
    localStorage.removeItem('jwt');
    window.dispatchEvent(new StorageEvent('storage', { key: 'jwt', oldValue: 'a0', newValue: null }));
    expect(await screen.findByTestId('header-sign-in')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Build your fleet at Starport' })).toBeTruthy();
    // Signing out is not a request to sign in: no dialog follows it.
    expect(screen.queryByTestId('sign-in-dialog')).toBeNull();
  });

  it('sends a visitor from a protected page to / with sign-in open, then back to the page', async () => {
    const { calls } = mockFetch(api);
    const router = renderApp('/change-password?from=menu');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/');
    expect(within(dialog).getByText('Please sign in to open this page. You will be taken back to it.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('E-mail or username'), { target: { value: 'pilot' } });
    fireEvent.change(within(dialog).getByLabelText('Password', { selector: 'input' }), { target: { value: 'secret-pass' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/change-password?from=menu');
    expect(calls.find((c) => c.url.endsWith('/api/account/login'))?.body).toMatchObject({ email: 'pilot', password: 'secret-pass' });
    expect(screen.queryByRole('dialog', { name: 'Sign in' })).toBeNull();
  });

  it('closing that sign-in leaves the visitor on / and does not send them on later', async () => {
    mockFetch(api);
    const router = renderApp('/change-password');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign in' })).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    saveSession({ user, accessToken: 'a0', refreshToken: 'r0', remember: true });
    expect(await screen.findByTestId('profile-menu')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
