import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import LeaderboardPage from './leaderboard-page.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The first render loads lazy chunks; a busy two-core machine may need more than 1 s. */
const SLOW = { timeout: 60_000 };
vi.setConfig({ testTimeout: 15_000 });

/** Answers like the API: `total` ranked players, 20 a page, ranked by the page asked for. */
function boardApi(total: number) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    const pageNo = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const from = (pageNo - 1) * limit;
    const data = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => ({
      _id: `u${from + i + 1}`,
      rank: from + i + 1,
      user_name: `pilot${from + i + 1}`,
      // Every other player has an avatar, to show both ways.
      avatar: (from + i) % 2 === 0 ? `/api/account/avatars/${String(from + i).padStart(32, '0')}-300.webp` : null,
      point_number: 1000 - (from + i),
    }));
    return json(200, { error: false, data, total, period: 'month' });
  });
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('leaderboard', () => {
  it('shows the champions with rank, name and points, and pages through the URL', async () => {
    const { calls } = boardApi(45);
    const { router } = renderRoutes([page('/leaderboard', <LeaderboardPage />)], '/leaderboard');
    expect(screen.getByRole('heading', { name: 'Galactic Champions of the Month', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('leaderboard-skeleton')).toBeTruthy();
    await screen.findByText('pilot1', {}, SLOW);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'Player Name', 'Points']);
    expect(bodyRows()).toHaveLength(20);
    expect(bodyRows()[0]!.textContent).toBe('1pilot11,000');
    // The avatar beside the name is decorative (alt ""): the row still reads rank, name, points.
    const avatar = bodyRows()[0]!.querySelector('img');
    expect(avatar?.getAttribute('src')).toBe(`/api/account/avatars/${'0'.repeat(32)}-300.webp`);
    expect(avatar?.getAttribute('alt')).toBe('');
    expect(bodyRows()[1]!.querySelector('img')).toBeNull();
    expect(Object.fromEntries(new URL(calls[0]!.url, 'http://x').searchParams)).toEqual({ page: '1', limit: '20' });

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(router.state.location.search).toBe('?page=3');
    await screen.findByText('pilot41', {}, SLOW);
    expect(bodyRows()).toHaveLength(5);
    expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.get('page')).toBe('3');
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(router.state.location.search).toBe('?page=2');
    await screen.findByText('pilot21', {}, SLOW);
  });

  it('opens the page named in the URL', async () => {
    const { calls } = boardApi(45);
    renderRoutes([page('/leaderboard', <LeaderboardPage />)], '/leaderboard?page=2');
    await screen.findByText('pilot21', {}, SLOW);
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('page')).toBe('2');
  });

  it('says so when nobody has points yet', async () => {
    boardApi(0);
    renderRoutes([page('/leaderboard', <LeaderboardPage />)], '/leaderboard');
    expect(await screen.findByText(/Nobody has earned points this month yet/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('tells the player when the board cannot be loaded', async () => {
    mockFetch(() => json(400, { error: true, code: 'BAD_REQUEST', msg: 'page must be at most 1000.' }));
    renderRoutes([page('/leaderboard', <LeaderboardPage />)], '/leaderboard?page=5000');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('The leaderboard could not be loaded');
    expect(alert.textContent).toContain('page must be at most 1000.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('links to the top lists', async () => {
    boardApi(0);
    renderRoutes([page('/leaderboard', <LeaderboardPage />)], '/leaderboard');
    const tabs = screen.getByRole('navigation', { name: 'Leaderboards' });
    expect(within(tabs).getByRole('link', { name: 'Top sales' }).getAttribute('href')).toBe('/top');
    await waitFor(
      () => expect(within(tabs).getByRole('link', { name: 'Champions' }).getAttribute('aria-current')).toBe('page'),
      SLOW,
    );
  });
});
