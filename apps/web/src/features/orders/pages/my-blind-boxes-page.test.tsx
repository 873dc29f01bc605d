import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { boxOpening } from '../../../test/box-opening-fixture.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import MyBlindBoxesPage from './my-blind-boxes-page.tsx';

const WAIT = { timeout: 60_000 };

function box(order: string, state: string, total: number, openings: unknown[] = []) {
  return {
    entry: `line-${order}`,
    source: 'order',
    order,
    order_status: state === 'awaiting_payment' ? 'pending' : 'fulfilled',
    state,
    bought_at: '2026-11-22T02:00:00.000Z',
    paid_at: state === 'awaiting_payment' ? null : '2026-11-22T02:01:00.000Z',
    box: { code: 'frontier', name: 'Frontier Blind Box', image: '/images/v1/blindbox/frontier' },
    total,
    sell_price: 250,
    sell_price_micro: '250000000',
    openings,
  };
}
const listOf = (boxes: unknown[], total = boxes.length, pageNo = 1) => ({ error: false, data: { boxes, total, page: pageNo, limit: 20 } });

const renderPage = (path = '/my/blindbox') =>
  renderRoutes([page('/my/blindbox', <MyBlindBoxesPage />), page('/shop', <p>the shop</p>), page('/my/orders', <p>orders</p>)], path);

beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('my blind boxes', { timeout: 120_000 }, () => {
  it('shows each box with where it stands and what each opened box gave, with its Verify link', async () => {
    const { calls } = mockFetch(() =>
      json(200, listOf([box('SP-PENDING01', 'awaiting_payment', 2), box('SP-OPENED001', 'opened', 2, [boxOpening('31', 'Quasar Wisp', 2), boxOpening('32', 'Dust Runner', 0)])])),
    );
    renderPage();
    const cards = await screen.findAllByTestId('my-box', undefined, WAIT);
    expect(new URL(calls[0]!.url, 'http://x').pathname).toBe('/api/my/blindboxes');
    expect(Object.fromEntries(new URL(calls[0]!.url, 'http://x').searchParams)).toEqual({ page: '1', limit: '20' });
    const [pending, opened] = cards;
    expect(within(pending!).getByTestId('my-box-state').textContent).toBe('Awaiting payment');
    expect(within(pending!).getByRole('link', { name: 'Pay or cancel it in My orders' }).getAttribute('href')).toBe('/my/orders');
    expect(within(pending!).queryByTestId('box-openings')).toBeNull();
    expect(within(opened!).getByRole('heading', { name: 'Frontier Blind Box × 2' })).toBeTruthy();
    expect(within(opened!).getByTestId('my-box-state').textContent).toBe('Opened');
    expect(within(opened!).getByTestId('my-box-order').textContent).toBe('SP-OPENED001');
    expect(within(opened!).getAllByTestId('box-opening-ship').map((el) => el.textContent)).toEqual(['Quasar Wisp', 'Dust Runner']);
    expect(within(opened!).getAllByTestId('box-opening-verify').map((a) => a.getAttribute('href'))).toEqual([
      '/fairness/verify?opening=31',
      '/fairness/verify?opening=32',
    ]);
  });

  it('shows the boxes a redeem code gave, with no order or price', async () => {
    const redeemed = {
      ...box('', 'opened', 1, [boxOpening('51', 'Gift Comet', 1)]),
      entry: 'redemption-9',
      source: 'redeem',
      order: null,
      order_status: null,
      paid_at: null,
      sell_price: null,
      sell_price_micro: null,
    };
    mockFetch(() => json(200, listOf([redeemed])));
    renderPage();
    const [card] = await screen.findAllByTestId('my-box', undefined, WAIT);
    expect(card!.textContent).toContain('From a redeem code');
    expect(within(card!).queryByTestId('my-box-order')).toBeNull();
    expect(within(card!).getByTestId('my-box-state').textContent).toBe('Opened');
    expect(within(card!).getAllByTestId('box-opening-ship').map((el) => el.textContent)).toEqual(['Gift Comet']);
  });

  it('says a box still being opened is being opened', async () => {
    mockFetch(() => json(200, listOf([box('SP-OPENING01', 'opening', 2, [boxOpening('41', 'Nova Lancer', 1)])])));
    renderPage();
    const [card] = await screen.findAllByTestId('my-box', undefined, WAIT);
    expect(within(card!).getByTestId('my-box-state').textContent).toBe('Being opened');
    expect(within(card!).getByTestId('box-openings-waiting').textContent).toBe('Your box is being opened…');
  });

  it('offers the shop to a player without boxes', async () => {
    mockFetch(() => json(200, listOf([])));
    renderPage();
    await screen.findByTestId('my-boxes-empty', undefined, WAIT);
    expect(screen.getByRole('link', { name: 'Visit the shop' }).getAttribute('href')).toBe('/shop');
  });

  it('says when the list could not be loaded', async () => {
    mockFetch(() => json(500, { error: true, code: 'INTERNAL', msg: 'Something went wrong.' }));
    renderPage();
    await screen.findByText('Your blind boxes could not be loaded', undefined, WAIT);
  });
});
