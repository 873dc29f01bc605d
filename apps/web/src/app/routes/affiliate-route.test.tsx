import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../../lib/account-store.ts';
import { json, mockFetch } from '../../test/fetch-mock.ts';
import { pathOf } from '../../test/my-assets-fixtures.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import { ReferralFigures } from './affiliate-route.tsx';

const WAIT = { timeout: 30_000 };
const row = (username: string, vol: number) => ({
  _id: username,
  username,
  joined_at: '2026-11-20T00:00:00.000Z',
  vol,
  vol_micro: String(vol * 1_000_000),
  aff: 0,
  items: 1,
  earned: vol / 20,
  earned_micro: String(vol * 50_000),
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAccountStore.setState({ status: { loggedIn: false }, user: null });
});

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the referral figures of /affiliate', { timeout: 60_000 }, () => {
  it('shows the volume of every referred player, not only of the first page', async () => {
    useAccountStore.setState({ status: { loggedIn: true } });
    // 45 players, so the first page's 20 rows carry only part of the volume the server added up.
    const firstPage = Array.from({ length: 20 }, (_, i) => row(`p${i}`, 10));
    mockFetch((call) =>
      pathOf(call.url) === '/api/my/ref'
        ? json(200, { error: false, data: firstPage, total: 45, page: 1, limit: 20, code: '0xabc', received: 22.5, received_micro: '22500000', orders: 45, volume: 450, volume_micro: '450000000', share_bps: 500 })
        : json(404, { error: true, code: 'NOT_FOUND', msg: 'No such page.' }),
    );
    renderRoutes([page('/affiliate', <ReferralFigures />)], '/affiliate');
    await screen.findByText('Referral volume', { selector: 'dt' }, WAIT);
    await waitFor(() => expect(figure('Referral volume')).toBe('$450.000'), WAIT);
    expect(figure('Referred players')).toBe('45');
    expect(figure('Earned from referrals')).toContain('$22.500');
  });

  it('asks a signed-out visitor to sign in, and calls nothing', async () => {
    const { calls } = mockFetch(() => json(404, { error: true, code: 'NOT_FOUND', msg: 'No such page.' }));
    renderRoutes([page('/affiliate', <ReferralFigures />)], '/affiliate');
    await screen.findByText(/Sign in to see the players who joined with your link/, undefined, WAIT);
    expect(calls.filter((c) => pathOf(c.url) === '/api/my/ref')).toHaveLength(0);
  });
});
