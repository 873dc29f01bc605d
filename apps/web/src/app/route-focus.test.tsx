import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createMemoryRouter, Link, RouterProvider, useLocation, useNavigate, type RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { AppProviders } from './providers.tsx';

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => vi.unstubAllGlobals());

/** A data-driven page's answer, held back until the test lets it arrive. */
let arrived = false;
const listeners = new Set<() => void>();
const arrive = () => {
  arrived = true;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * Writes the address it was shown at from an effect. The layout's effects run in the same flush
 * after the page's, so once this text is there, the layout has had its say on focus too.
 */
function Shown() {
  const { pathname, search, hash } = useLocation();
  const text = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    text.current!.textContent = `Shown at ${pathname}${search}${hash}`;
  });
  return <p ref={text} />;
}

function StartPage() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Start</h1>
      <Shown />
      <Link to="/ships">Ships</Link>
      <Link to="/later">Orders</Link>
      <Link to="/ships#crew">Crew</Link>
      <button type="button" onClick={() => navigate('/?page=2')}>
        Next page
      </button>
    </>
  );
}

function LaterPage() {
  const ready = useSyncExternalStore(subscribe, () => arrived);
  return ready ? <h1>Your orders</h1> : <p>Loading…</p>;
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <StartPage />, handle: { title: 'Start' } },
      {
        path: '/ships',
        element: (
          <>
            <h1>Ships for sale</h1>
            <Shown />
          </>
        ),
        handle: { title: 'Ships' },
      },
      { path: '/later', element: <LaterPage />, handle: { title: 'My orders' } },
    ],
  },
];

function renderApp() {
  mockFetch(() => json(404, { error: true, code: 'NOT_FOUND', msg: 'Not found.' }));
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const follow = (name: string) => {
  const link = screen.getByRole('link', { name });
  link.focus();
  fireEvent.click(link);
};
const announcer = () => screen.getByTestId('route-announcer');

describe('focus after a page change', { timeout: 120_000 }, () => {
  it('leaves the first load alone, then moves to the new page heading and says where the player is', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Start' });
    expect(announcer().getAttribute('role')).toBe('status');
    expect(announcer().textContent).toBe('');
    expect(document.activeElement).toBe(document.body);

    follow('Ships');
    const heading = await screen.findByRole('heading', { name: 'Ships for sale' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.tabIndex).toBe(-1);
    expect(announcer().textContent).toBe('Ships');
  });

  it('waits on <main> for a heading that comes with the data, then moves to it', async () => {
    arrived = false;
    renderApp();
    await screen.findByRole('heading', { name: 'Start' });
    follow('Orders');
    await screen.findByText('Loading…');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
    expect(announcer().textContent).toBe('My orders');

    act(arrive);
    const heading = await screen.findByRole('heading', { name: 'Your orders' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('keeps focus on the control when only the query changes (filters, pagination)', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Start' });
    const next = screen.getByRole('button', { name: 'Next page' });
    next.focus();
    fireEvent.click(next);
    await screen.findByText('Shown at /?page=2');
    expect(document.activeElement).toBe(next);
    expect(announcer().textContent).toBe('');
  });

  it('lets a link to an #anchor go where it points', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Start' });
    follow('Crew');
    await screen.findByText('Shown at /ships#crew');
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Ships for sale' }));
  });
});
