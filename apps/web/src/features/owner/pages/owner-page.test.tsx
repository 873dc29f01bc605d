import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import OwnerPage from './owner-page.tsx';

const WAIT = { timeout: 60_000 };
const WALLET = '0x5eed00000000000000000000000000000000a001';

const referrals = (code: string | null, data: unknown[] = []) => ({
  error: false,
  data,
  total: data.length,
  page: 1,
  limit: 20,
  code,
  received: 5.7,
  received_micro: '5700000',
  orders: 1,
  share_bps: 500,
});
const row = { _id: 'u1', username: 'ben', joined_at: '2026-11-20T00:00:00.000Z', vol: 114, vol_micro: '114000000', aff: 1, items: 3, earned: 5.7, earned_micro: '5700000' };
const unit = {
  _id: 'unit-7',
  id: '7',
  kind: 'house_unit',
  name: 'Type 1 unit, apartment 5',
  image: '/images/v1/unit/1',
  element: null,
  rarity: null,
  health: 0, healing: 0, gun_damage: 0, rocket_damage: 0, rocket_re_time: 0,
  item: { apart_label: 'Apart 1-24', apr_bps: 2600, total_pieces: 160 },
  state: 'available',
  pieces: 3,
  price: 600,
  price_micro: '600000000',
  acquired_at: '2026-11-20T00:00:00.000Z',
  listing: null,
  nft: { mint_status: null, txh: null, tx_url: null },
};

const entry = (n: number, over: Record<string, unknown> = {}) => ({
  _id: `purchase:${n}`,
  kind: 'purchase',
  at: new Date(Date.UTC(2026, 10, 25, 12, 0) - n * 60_000).toISOString(),
  title: `You bought Skiff ${n}`,
  detail: `Order SP-${n}`,
  direction: 'out',
  usd: 40,
  usd_micro: '40000000',
  dnc: null,
  link: '/my/orders',
  ...over,
});
/** Two pages of history: 20 purchases, then a referral reward and a code's DNC. */
const HISTORY_PAGES: Record<string, unknown> = {
  first: { error: false, data: Array.from({ length: 20 }, (_, i) => entry(i + 1)), next_cursor: 'older' },
  older: {
    error: false,
    data: [
      entry(21, { _id: 'referral_reward:1', kind: 'referral_reward', title: 'Referral reward: ben paid an order', direction: 'in', usd: 5.7, detail: null, link: '/dashboard?tab=affiliates' }),
      entry(22, { _id: 'redeem:1', kind: 'redeem', title: 'You redeemed a code for 250 DNC', direction: 'in', usd: null, usd_micro: null, dnc: 250, link: '/my/redeem' }),
    ],
    next_cursor: null,
  },
};

const pathOf = (call: Call) => new URL(call.url, 'http://x').pathname;
function answer(code: string | null, rows: unknown[] = [], history = HISTORY_PAGES) {
  return mockFetch((call) => {
    if (pathOf(call) === '/api/my/ref') return json(200, referrals(code, rows));
    if (pathOf(call) === '/api/my/history') return json(200, history[new URL(call.url, 'http://x').searchParams.get('cursor') ?? 'first']);
    if (pathOf(call) === '/api/my/assets') return json(200, { error: false, data: [unit], total: 1, page: 1, limit: 20 });
    return json(404, { error: true, code: 'NOT_FOUND', msg: 'No such page.' });
  });
}
const renderPage = (path = '/dashboard') => renderRoutes([page('/dashboard', <OwnerPage />), page('/connect_wallet', <p>link</p>)], path);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('owner page', { timeout: 120_000 }, () => {
  it('shows the referral link built from the wallet, what referrals earned, and the affiliates', async () => {
    answer(WALLET, [row]);
    renderPage();
    const link = (await screen.findByLabelText('Referral link', undefined, WAIT)) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/?code=${WALLET}`);
    expect(screen.getByTestId('referral-received-amount').textContent).toBe('$5.700');
    const [affiliate] = await screen.findAllByTestId('affiliate-row', undefined, WAIT);
    expect(within(affiliate!).getByTestId('affiliate-name').textContent).toBe('ben');
    expect(within(affiliate!).getByTestId('affiliate-volume').textContent).toBe('$114.000');
    expect(within(affiliate!).getByTestId('affiliate-earned').textContent).toBe('$5.700');
  });

  it('copies the link and says so', async () => {
    answer(WALLET);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }, WAIT));
    await screen.findByText('Link copied.', undefined, WAIT);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/?code=${WALLET}`);
  });

  it('asks a player without a wallet to link one, and says nobody joined yet', async () => {
    answer(null);
    renderPage();
    await screen.findByText(/Nobody has joined with your link yet/, undefined, WAIT);
    expect(screen.getByRole('link', { name: 'Link a wallet' }).getAttribute('href')).toBe('/connect_wallet');
    expect(screen.queryByLabelText('Referral link')).toBeNull();
  });

  it('switches to My Asset with the arrow key and shows the unit pieces from their data', async () => {
    const { calls } = answer(WALLET);
    renderPage();
    const affiliates = await screen.findByRole('tab', { name: 'Affiliates' }, WAIT);
    expect(affiliates.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(affiliates, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'My Asset' }).getAttribute('aria-selected')).toBe('true');
    const [card] = await screen.findAllByTestId('owner-unit', undefined, WAIT);
    expect(within(card!).getByTestId('owner-unit-apartments').textContent).toBe('Apart 1-24');
    expect(within(card!).getByTestId('owner-unit-apr').textContent).toBe('26%');
    expect(within(card!).getByTestId('owner-unit-pieces').textContent).toBe('3 of 160');
    const assetsCall = calls.find((c) => pathOf(c) === '/api/my/assets')!;
    expect(new URL(assetsCall.url, 'http://x').searchParams.get('kind')).toBe('house_unit');
  });

  it('shows the history newest first, and Show older activity brings the next page with focus on its first entry', async () => {
    const { calls } = answer(WALLET);
    renderPage('/dashboard?tab=history');
    const entries = await screen.findAllByTestId('history-entry', undefined, WAIT);
    expect(entries).toHaveLength(20);
    expect(within(entries[0]!).getByRole('link', { name: 'You bought Skiff 1' }).getAttribute('href')).toBe('/my/orders');
    expect(within(entries[0]!).getByTestId('history-amount').textContent).toBe('−$40.000');
    fireEvent.click(screen.getByRole('button', { name: 'Show older activity' }));
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(22), WAIT);
    const reward = screen.getByRole('link', { name: 'Referral reward: ben paid an order' });
    await waitFor(() => expect(document.activeElement).toBe(reward), WAIT);
    expect(within(screen.getAllByTestId('history-entry')[21]!).getByTestId('history-amount').textContent).toBe('+250 DNC');
    expect(screen.queryByRole('button', { name: 'Show older activity' })).toBeNull();
    const cursors = calls.filter((c) => pathOf(c) === '/api/my/history').map((c) => new URL(c.url, 'http://x').searchParams.get('cursor'));
    expect(cursors).toEqual([null, 'older']);
  });

  it('says when there is no history yet', async () => {
    answer(WALLET, [], { first: { error: false, data: [], next_cursor: null } });
    renderPage('/dashboard?tab=history');
    await screen.findByText(/Nothing here yet/, undefined, WAIT);
  });
});
