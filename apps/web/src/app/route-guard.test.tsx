import type { User } from '@starport/schemas';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearSession, saveSession } from '../lib/session-storage.ts';
import { page, renderRoutes } from '../test/render.tsx';
import { RouteGuard } from './route-guard.tsx';

const user: User = {
  id: 'u1',
  username: 'pilot',
  email: null,
  active: false,
  avatar: null,
  walletAddress: null,
  hasPassword: false,
};

const signIn = () => saveSession({ user, accessToken: 'a', refreshToken: 'r', remember: true });

const routes = [
  {
    element: <RouteGuard />,
    children: [
      page('/', <h1>Home</h1>),
      page('/login', <h1>Login form</h1>),
      page('/change-password', <h1>Change password form</h1>),
      page('/link_email_account', <h1>Link e-mail form</h1>),
      page('/contact', <h1>Contact form</h1>),
    ],
  },
];

describe('RouteGuard', () => {
  it('redirects a visitor without a token from a protected page to /, asking to sign in and come back', async () => {
    const { router } = renderRoutes(routes, '/change-password?x=1#top');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({ signInReturnTo: '/change-password?x=1#top' });
  });

  it('also guards /link_email_account', async () => {
    renderRoutes(routes, '/link_email_account');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('shows protected pages when a token is stored (even one from sessionStorage)', async () => {
    saveSession({ user, accessToken: 'a', refreshToken: 'r', remember: false });
    renderRoutes(routes, '/change-password');
    expect(await screen.findByRole('heading', { name: 'Change password form' })).toBeTruthy();
  });

  it('always lets a visitor reach /login and public pages', async () => {
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('heading', { name: 'Login form' })).toBeTruthy();
  });

  it('sends a signed-in user away from /login', async () => {
    signIn();
    const { router } = renderRoutes(routes, '/login');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('leaves a protected page as soon as the session is cleared', async () => {
    signIn();
    const { router } = renderRoutes(routes, '/change-password');
    expect(await screen.findByRole('heading', { name: 'Change password form' })).toBeTruthy();
    act(() => clearSession());
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    // The session ended here: nobody asked to sign in.
    expect(router.state.location.state).toBeNull();
    // Opening a protected page afterwards is a visitor's request again.
    await act(() => router.navigate('/link_email_account'));
    expect(router.state.location.state).toEqual({ signInReturnTo: '/link_email_account' });
  });
});
