import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, renderRoutes } from '../../test/render.tsx';
import { Header } from './header.tsx';

/** A window as wide as `width`, as far as media queries go. */
function stubWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
}

/** The header's controls in DOM order, which is the order Tab reaches them. */
function tabOrder(): string[] {
  const header = screen.getByRole('banner');
  return [...header.querySelectorAll<HTMLElement>('a[href], button')].map((el) =>
    (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.style.removeProperty('--header-height');
});

describe('the header', () => {
  it('on a phone puts the row (logo, Menu, cart) before the links and sign-in that open below it', () => {
    stubWidth(360);
    renderRoutes([page('/', <Header />)], '/');
    expect(tabOrder()).toEqual([
      'Starport home',
      'Menu',
      'Cart, empty',
      'Home',
      'Marketplace',
      'Shop',
      'Leaderboard',
      'Staking',
      'Sign in',
      'Connect wallet',
    ]);
  });

  it('on a desktop keeps the row as it is seen: logo, links, sign-in, cart', () => {
    stubWidth(1366);
    renderRoutes([page('/', <Header />)], '/');
    expect(tabOrder()).toEqual([
      'Starport home',
      'Menu',
      'Home',
      'Marketplace',
      'Shop',
      'Leaderboard',
      'Staking',
      'Sign in',
      'Connect wallet',
      'Cart, empty',
    ]);
  });

  it('writes its height to --header-height, and again when the height changes', () => {
    let resized = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    let height = 57;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ height }) as DOMRect);
    const view = renderRoutes([page('/', <Header />)], '/');
    const written = () => document.documentElement.style.getPropertyValue('--header-height');
    expect(written()).toBe('57px');
    height = 120.4;
    act(() => resized());
    expect(written()).toBe('121px');
    view.unmount();
    expect(written()).toBe('');
  });
});
