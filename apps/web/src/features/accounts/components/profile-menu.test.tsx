import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useAccountStore } from '../../../lib/account-store.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { ProfileMenu } from './profile-menu.tsx';

beforeAll(() => {
  // Radix positions menus with ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(() => {
  useAccountStore.setState({ status: { loggedIn: false }, user: null });
});

describe('profile menu', () => {
  it('offers My Orders, which opens /my/orders', async () => {
    useAccountStore.setState({
      status: { loggedIn: true },
      user: { id: 'u1', username: 'pilot', email: null, active: true, avatar: null, walletAddress: null, hasPassword: true },
    });
    const { router } = renderRoutes([page('/', <ProfileMenu />), page('/my/orders', <p>orders page</p>)], '/');

    fireEvent.keyDown(await screen.findByTestId('profile-menu'), { key: 'Enter' });
    const item = within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'My Orders' });
    expect(item.getAttribute('href')).toBe('/my/orders');

    fireEvent.click(item);
    expect((await screen.findByText('orders page')).textContent).toBe('orders page');
    expect(router.state.location.pathname).toBe('/my/orders');
  });

  it('offers My Assets first, which opens /my-assets, then My Orders and Change Profile', async () => {
    useAccountStore.setState({
      status: { loggedIn: true },
      user: { id: 'u1', username: 'pilot', email: null, active: true, avatar: null, walletAddress: null, hasPassword: true },
    });
    const { router } = renderRoutes([page('/', <ProfileMenu />), page('/my-assets', <p>assets page</p>)], '/');

    fireEvent.keyDown(await screen.findByTestId('profile-menu'), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')]).slice(0, 10)).toEqual([
      ['Owner page', '/dashboard'],
      ['My Assets', '/my-assets'],
      ['My Orders', '/my/orders'],
      ['My Blind Boxes', '/my/blindbox'],
      ['Penguins', '/my/penguins'],
      ['My Land', '/assets'],
      ['GOALAND', '/my/goaland'],
      ['Convert Gin', '/my/gin-exchange'],
      ['Redeem a code', '/my/redeem'],
      ['Change Profile', '/change-profile'],
    ]);

    fireEvent.click(within(menu).getByRole('menuitem', { name: 'My Assets' }));
    expect((await screen.findByText('assets page')).textContent).toBe('assets page');
    expect(router.state.location.pathname).toBe('/my-assets');
  });

  it('shows the avatar beside the name as decoration, the initial without one', async () => {
    useAccountStore.setState({
      status: { loggedIn: true },
      user: { id: 'u1', username: 'pilot', email: null, active: true, avatar: '/api/account/avatars/abc-300.webp', walletAddress: null, hasPassword: true },
    });
    renderRoutes([page('/', <ProfileMenu />)], '/');
    const trigger = await screen.findByTestId('profile-menu');
    const img = within(trigger).getByTestId('profile-menu-avatar');
    expect(img.getAttribute('src')).toBe('/api/account/avatars/abc-300.webp');
    expect(img.getAttribute('alt')).toBe('');
    expect(trigger.textContent).toContain('pilot');
  });
});
