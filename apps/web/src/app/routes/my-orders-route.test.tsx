import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../../lib/account-store.ts';
import { json, mockFetch, type Call } from '../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import { leaveForPayment } from '../../features/checkout/model/leave-for-payment.ts';
import MyOrdersRoute from './my-orders-route.tsx';
import {
  setWertWidgetClassForTests,
  type WertOptions,
  type WertWidgetInstance,
} from '../../features/checkout/model/wert-widget-loader.ts';

/** The initializer's WertWidget, which would load the provider's page: records what it was opened with. */
class FakeWertWidget implements WertWidgetInstance {
  static made: WertOptions[] = [];
  constructor(options: WertOptions) {
    FakeWertWidget.made.push(options);
  }
  open(): void {}
  close(): void {}
}

// The browser leaving for the provider's page: recorded instead of navigating jsdom away.
vi.mock('../../features/checkout/model/leave-for-payment.ts', () => ({ leaveForPayment: vi.fn() }));

const WAIT = { timeout: 10_000 };
const CARD = 'SP-7K3M9Q2XHD';
const CRYPTO = 'SP-4N8P2R6TWA';
const PAID = 'SP-9Q2XHD7K3M';
const CHECKOUT_URL = 'http://127.0.0.1:3000/sandbox/stripe/checkout/cs_sandbox_1';

function order(code: string, status: string, method: string) {
  return {
    code, status, method, currency: 'USD',
    totalsub: 250, discount: 0, total: 250,
    totalsub_micro: '250000000', discount_micro: '0', total_micro: '250000000', discount_percent: 0,
    expires_at: '2026-11-22T02:30:00.000Z', created_at: '2026-11-22T02:00:00.000Z',
    paid_at: null, fulfilled_at: null,
    lines: [{ object: 'spaceship', id: '41', name: 'Nova Lancer', total: 1, sell_price: 250, sell_price_micro: '250000000' }],
  };
}

const continueCalls = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/continue_payment'));

beforeAll(() => {
  window.scrollTo = () => {};
  setWertWidgetClassForTests(FakeWertWidget);
});
afterAll(() => setWertWidgetClassForTests(null));
beforeEach(() => {
  vi.mocked(leaveForPayment).mockClear();
  useAccountStore.setState({ status: { loggedIn: true } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAccountStore.setState({ status: { loggedIn: false }, user: null });
});

describe('My Orders: Continue payment', { timeout: 30_000 }, () => {
  const orders = [order(CARD, 'pending', 'card'), order(CRYPTO, 'pending', 'crypto'), order(PAID, 'fulfilled', 'card')];

  it('a pending card order goes back to its own checkout page: the same order, no new one', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.endsWith(`/api/orders/${CARD}/continue_payment`))
        return json(200, { error: false, method: 'card', order: CARD, data: CHECKOUT_URL });
      return json(200, { error: false, data: { orders, total: 3, page: 1, limit: 20 } });
    });
    renderRoutes([page('/my/orders', <MyOrdersRoute />)], '/my/orders');
    const rows = await screen.findAllByTestId('order-row', undefined, WAIT);
    // Only the pending card order offers it: crypto is paid from the wallet, a delivered order not at all.
    expect(rows.map((r) => within(r).queryByRole('button', { name: 'Continue payment' }) !== null)).toEqual([
      true,
      false,
      false,
    ]);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Continue payment' }));
    await waitFor(() => expect(vi.mocked(leaveForPayment)).toHaveBeenCalledWith(CHECKOUT_URL), WAIT);
    expect(continueCalls(calls)).toHaveLength(1);
    expect(calls.filter((c) => c.url.includes('/api/stripe/buy'))).toHaveLength(0);
  });

  it('an order that can no longer be paid says why and reads the list again', async () => {
    const msg = `Order ${CARD} is no longer reserved for you and can no longer be paid.`;
    const { calls } = mockFetch((call) => {
      if (call.url.endsWith('/continue_payment')) return json(409, { error: true, code: 'CONFLICT', msg });
      return json(200, { error: false, data: { orders, total: 3, page: 1, limit: 20 } });
    });
    renderRoutes([page('/my/orders', <MyOrdersRoute />)], '/my/orders');
    const rows = await screen.findAllByTestId('order-row', undefined, WAIT);
    const lists = () => calls.filter((c) => c.method === 'GET').length;
    const before = lists();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Continue payment' }));
    expect((await screen.findByRole('alert', undefined, WAIT)).textContent).toContain(msg);
    await waitFor(() => expect(lists()).toBeGreaterThan(before), WAIT);
    expect(vi.mocked(leaveForPayment)).not.toHaveBeenCalled();
  });

  it('a pending widget order opens the widget again for the same order (its code the click_id)', async () => {
    const WIDGET = 'SP-3M9Q2XHD7K';
    const session = {
      tid: WIDGET, partnerID: 'sandbox', commodity: 'USDC', network: 'base_sepolia', origin: 'http://127.0.0.1:3000/sandbox/wert',
      signedData: { signature: 'sig' }, totalUSD: 250, click_id: WIDGET, item_name: 'Spaceship',
    };
    FakeWertWidget.made = [];
    const { calls } = mockFetch((call) => {
      if (call.url.endsWith(`/api/orders/${WIDGET}/continue_payment`))
        return json(200, { error: false, method: 'widget', order: WIDGET, session });
      if (call.url.endsWith('/site/setting')) return json(200, { error: false, sale_program: 1, home_version: 1 });
      return json(200, { error: false, data: { orders: [order(WIDGET, 'pending', 'widget')], total: 1, page: 1, limit: 20 } });
    });
    renderRoutes([page('/my/orders', <MyOrdersRoute />)], '/my/orders');
    const [row] = await screen.findAllByTestId('order-row', undefined, WAIT);
    fireEvent.click(within(row!).getByRole('button', { name: 'Continue payment' }));
    await waitFor(() => expect(FakeWertWidget.made).toHaveLength(1), WAIT);
    expect(FakeWertWidget.made[0]).toMatchObject({ click_id: WIDGET });
    expect(calls.filter((c) => c.url.includes('wertio'))).toHaveLength(0);
  });
});
