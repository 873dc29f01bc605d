import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { boxOpening } from '../../../test/box-opening-fixture.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import MyOrdersPage from './my-orders-page.tsx';

const PENDING = 'SP-7K3M9Q2XHD';
const DELIVERED = 'SP-4N8P2R6TWA';
const WAIT = { timeout: 60_000 };

const line = (id: string, name: string, total: number, price: number) => ({
  object: 'spaceship', id, name, total, sell_price: price, sell_price_micro: String(price * 1e6),
});

function order(code: string, status: string, method: string, extra: Record<string, unknown> = {}) {
  return {
    code, status, method, currency: 'USD',
    totalsub: 250, discount: 0, total: 250,
    totalsub_micro: '250000000', discount_micro: '0', total_micro: '250000000', discount_percent: 0,
    expires_at: '2026-11-22T02:30:00.000Z', created_at: '2026-11-22T02:00:00.000Z',
    paid_at: null, fulfilled_at: null,
    lines: [line('7', 'Frontier Blind Box', 1, 250)],
    ...extra,
  };
}

const pendingOrder = (status = 'pending') =>
  order(PENDING, status, 'card', {
    totalsub: 1249.2, discount: 62.46, total: 1186.74, discount_percent: 5,
    lines: [line('41', 'Nova Lancer', 2, 499.6), line('42', 'Star Wren', 1, 250)],
  });
const deliveredOrder = order(DELIVERED, 'fulfilled', 'widget');

const listOf = (orders: unknown[], total = orders.length, pageNo = 1) => ({
  error: false,
  data: { orders, total, page: pageNo, limit: 20 },
});

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && new URL(c.url, 'http://x').pathname === '/api/orders');
const cancelCalls = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const queryOf = (call: Call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);

const renderPage = (path = '/my/orders') =>
  renderRoutes([page('/my/orders', <MyOrdersPage />), page('/shop', <p>the shop</p>)], path);

const rows = () => screen.getAllByTestId('order-row');
const texts = (testId: string, root: HTMLElement = document.body) =>
  within(root).queryAllByTestId(testId).map((el) => el.textContent);

beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('my orders', { timeout: 120_000 }, () => {
  it('shows what each box of a delivered order gave, with a link to verify its opening', async () => {
    const boxes = order(DELIVERED, 'fulfilled', 'card', {
      lines: [
        {
          ...line('blindbox-frontier', 'Frontier Blind Box', 2, 250),
          object: 'blindbox',
          openings: [boxOpening('31', 'Quasar Wisp', 2), boxOpening('32', 'Dust Runner', 0)],
        },
      ],
    });
    mockFetch(() => json(200, listOf([boxes, pendingOrder()])));
    renderPage();
    await screen.findAllByTestId('order-row', undefined, WAIT);
    const [delivered, pending] = rows();
    expect(texts('box-opening-ship', delivered)).toEqual(['Quasar Wisp', 'Dust Runner']);
    expect(texts('box-opening-rarity', delivered)).toEqual(['Epic', 'Common']);
    expect(within(delivered!).getAllByTestId('box-opening-verify').map((a) => a.getAttribute('href'))).toEqual([
      '/fairness/verify?opening=31',
      '/fairness/verify?opening=32',
    ]);
    expect(within(pending!).queryByTestId('box-openings')).toBeNull();
  });

  it('lists the orders with readable statuses, methods, items and totals', async () => {
    const { calls } = mockFetch(() => json(200, listOf([pendingOrder(), deliveredOrder])));
    renderPage();

    expect(screen.getByRole('heading', { name: 'My orders' }).textContent).toBe('My orders');
    expect(screen.getByTestId('orders-loading')).toBeTruthy();
    await screen.findAllByTestId('order-row', undefined, WAIT);

    expect(queryOf(listCalls(calls)[0]!)).toEqual({ page: '1', limit: '20' });
    expect(texts('order-code')).toEqual([PENDING, DELIVERED]);
    expect(texts('order-status')).toEqual(['Pending payment', 'Delivered']);
    expect(texts('order-method')).toEqual(['Card', 'Widget']);
    expect(texts('order-total')).toEqual(['$1,186.740', '$250.000']);
    expect(texts('order-line', rows()[0]!)).toEqual(['Nova Lancer × 2', 'Star Wren × 1']);
    expect(texts('order-line', rows()[1]!)).toEqual(['Frontier Blind Box × 1']);
    expect(rows()[0]!.textContent).toContain('5% volume discount of $62.460');

    // Only the pending order says how long it is held and can be cancelled.
    expect(texts('order-expires', rows()[0]!)[0]).toContain('Reserved for you until');
    expect(rows()[0]!.querySelector('[data-testid="order-expires"] time')?.getAttribute('datetime')).toBe(
      '2026-11-22T02:30:00.000Z',
    );
    expect(within(rows()[0]!).getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(texts('order-expires', rows()[1]!)).toEqual([]);
    expect(within(rows()[1]!).queryByRole('button', { name: 'Cancel order' })).toBeNull();
    // One page of orders: no page buttons.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('pages with numbered buttons and keeps the page in the address', async () => {
    const { calls } = mockFetch((call) => {
      const pageNo = Number(queryOf(call).page);
      return json(200, listOf([order(pageNo === 2 ? DELIVERED : PENDING, 'paid', 'crypto')], 45, pageNo));
    });
    const { router } = renderPage();
    await screen.findAllByTestId('order-row', undefined, WAIT);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2', '3']);

    fireEvent.click(within(nav).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(texts('order-code')).toEqual([DELIVERED]), WAIT);
    expect(queryOf(listCalls(calls).at(-1)!)).toEqual({ page: '2', limit: '20' });
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(texts('order-code')).toEqual([PENDING]), WAIT);
  });

  it('opens the page named in the address', async () => {
    const { calls } = mockFetch(() => json(200, listOf([deliveredOrder], 45, 3)));
    renderPage('/my/orders?page=3');
    await screen.findAllByTestId('order-row', undefined, WAIT);
    expect(queryOf(listCalls(calls)[0]!).page).toBe('3');
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
  });

  it('says when there are no orders and links to the shop', async () => {
    mockFetch(() => json(200, listOf([])));
    renderPage();
    const empty = await screen.findByTestId('orders-empty', undefined, WAIT);
    expect(empty.textContent).toContain('You have no orders yet.');
    expect(within(empty).getByRole('link', { name: 'Visit the shop' }).getAttribute('href')).toBe('/shop');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error and loads again on Try again', async () => {
    let answers = 0;
    const { calls } = mockFetch(() =>
      ++answers === 1
        ? json(500, { error: true, code: 'INTERNAL', msg: 'Something went wrong. Please try again later.' })
        : json(200, listOf([deliveredOrder])),
    );
    renderPage();
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('Your orders could not be loaded');
    expect(alert.textContent).toContain('Something went wrong. Please try again later.');
    expect(screen.queryAllByTestId('order-row')).toHaveLength(0);

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findAllByTestId('order-row', undefined, WAIT);
    expect(texts('order-status')).toEqual(['Delivered']);
    expect(listCalls(calls)).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('cancels a pending order after confirmation and shows the list again', async () => {
    let cancelled = false;
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST') {
        cancelled = true;
        return json(200, { error: false, data: pendingOrder('cancelled') });
      }
      return json(200, listOf([pendingOrder(cancelled ? 'cancelled' : 'pending'), deliveredOrder]));
    });
    renderPage();
    await screen.findAllByTestId('order-row', undefined, WAIT);

    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
    expect(dialog.textContent).toContain(`Cancel order ${PENDING}?`);
    expect(cancelCalls(calls)).toHaveLength(0); // nothing happens before the confirmation

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(cancelCalls(calls).map((c) => new URL(c.url, 'http://x').pathname)).toEqual([`/api/orders/${PENDING}/cancel`]);
    await waitFor(() => expect(texts('order-status')).toEqual(['Cancelled', 'Delivered']), WAIT);
    expect(listCalls(calls)).toHaveLength(2);
    expect(within(rows()[0]!).queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('keeps the order and shows the server message when it can no longer be cancelled', async () => {
    let posted = false;
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST') {
        posted = true;
        return json(409, { error: true, code: 'CONFLICT', msg: 'This order is paid and can no longer be cancelled.' });
      }
      return json(200, listOf([posted ? pendingOrder('paid') : pendingOrder()]));
    });
    renderPage();
    await screen.findAllByTestId('order-row', undefined, WAIT);

    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    const alert = await within(dialog).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('This order is paid and can no longer be cancelled.');
    // The list is asked again, so it shows what really happened to the order.
    await waitFor(() => expect(texts('order-status')).toEqual(['Paid']), WAIT);
    expect(cancelCalls(calls)).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
  });
});
