import { notifyManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCreditAmount, useAccountStore } from '../../../lib/account-store.ts';
import { landCreditKey } from '../../../lib/land-credit.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { leaveForPayment } from '../model/leave-for-payment.ts';
import { dismissPurchaseOutcome } from '../model/purchase-outcome.ts';
import { setWertWidgetClassForTests, type WertOptions, type WertWidgetInstance } from '../model/wert-widget-loader.ts';
import { ContinuePayment, type ContinuableOrder } from './continue-payment.tsx';
import { LandCreditTopUp } from './land-credit-top-up.tsx';
import { PurchaseOutcomeOutlet } from './purchase-outcome-outlet.tsx';

// The browser leaving for the card provider's page: recorded instead of navigating jsdom away.
vi.mock('../model/leave-for-payment.ts', () => ({ leaveForPayment: vi.fn() }));

/** The initializer's WertWidget as v7 behaves: a fixed iframe on <body>; close() removes it and says so. */
class FakeWertWidget implements WertWidgetInstance {
  static made: FakeWertWidget[] = [];
  readonly iframe = document.createElement('iframe');
  closeCalls = 0;

  constructor(readonly options: WertOptions) {
    FakeWertWidget.made.push(this);
  }

  open(): void {
    this.iframe.style.position = 'fixed';
    document.body.appendChild(this.iframe);
  }

  close(): void {
    this.closeCalls += 1;
    this.iframe.remove();
    this.options.listeners?.close?.();
  }

  emit(type: 'loaded' | 'payment-status' | 'position' | 'error', data?: unknown): void {
    const listener = this.options.listeners?.[type] as ((data?: unknown) => void) | undefined;
    act(() => listener?.(data));
  }
}

const TID = 'SP-7K3M9Q2XHD';
const REDIRECT = 'http://127.0.0.1:3000/sandbox/stripe/checkout/cs_topup_2';
const TERMS = {
  error: false,
  usd_per_credit: 2.5,
  usd_per_credit_micro: '2500000',
  min_quantity: 1,
  max_quantity: 100,
};
const SESSION = {
  tid: TID,
  partnerID: '01SANDBOXPARTNER',
  commodity: 'USDC',
  network: 'base_sepolia',
  origin: 'http://127.0.0.1:3000/sandbox/wert',
  signedData: {
    address: '0x1111111111111111111111111111111111111111',
    commodity: 'USDC',
    commodity_amount: 12.5,
    network: 'base_sepolia',
    sc_address: '0x2222222222222222222222222222222222222222',
    sc_input_data: '0xabcdef',
    signature: '0xsigned',
  },
  totalUSD: 12.5,
  click_id: TID,
  item_name: 'Buy 5 Land Credit',
};

/** The order's statuses as GET /api/orders/{code} answers them, in turn (the last repeats). */
function mockApi(orderStatuses: string[] = ['paid']) {
  let orderReads = 0;
  return mockFetch((call: Call) => {
    switch (new URL(call.url, 'http://x').pathname) {
      case '/site/setting':
        return json(200, { error: false, sale_program: 1, home_version: 1 });
      case '/api/credit/topup':
        return json(200, TERMS);
      case '/api/credit/payment/wertio':
        return json(200, { error: false, tid: TID, totalUSD: 12.5, data: SESSION });
      case '/api/credit/payment_status':
        return json(200, { error: false, status: 'pending' });
      case '/api/stripe/buyTopup':
        return json(200, { error: false, msg: 'ok', data: REDIRECT, order: 'SP-AAAAAAAAAA' });
      case `/api/orders/${TID}/continue_payment`:
        return json(200, { error: false, method: 'widget', order: TID, session: SESSION });
      case `/api/orders/${TID}`: {
        const status = orderStatuses[Math.min(orderReads++, orderStatuses.length - 1)];
        return json(200, { error: false, data: { code: TID, status, lines: [] } });
      }
      default:
        return json(404, { error: true, code: 'NOT_FOUND', msg: `unexpected ${call.url}` });
    }
  });
}

const pathOf = (call: Call) => new URL(call.url, 'http://x').pathname;
const bodiesTo = (calls: Call[], path: string) => calls.filter((c) => pathOf(c) === path).map((c) => c.body);
const enabled = (element: HTMLElement) => waitFor(() => expect((element as HTMLButtonElement).disabled).toBe(false));
const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

function renderTopUp() {
  return renderRoutes(
    [
      page(
        '/assets',
        <>
          <LandCreditTopUp />
          <PurchaseOutcomeOutlet />
        </>,
      ),
    ],
    '/assets',
  );
}

/** Top up 5 credits, the Wert choice, PROCEED: the widget dialog and its widget. */
async function openWidget() {
  fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
  const quantity = await screen.findByRole('dialog', { name: 'Top up land credit' });
  fireEvent.change(await within(quantity).findByLabelText('Land credits to buy'), { target: { value: '5' } });
  fireEvent.click(within(quantity).getByRole('button', { name: 'Buy 5 Land Credit' }));
  const checkout = await screen.findByRole('dialog', { name: 'Checkout' });
  fireEvent.click(within(checkout).getByRole('radio', { name: 'Wert (fiat-to-crypto widget)' }));
  const pay = within(checkout).getByRole('button', { name: 'Pay with Wert' });
  await enabled(pay);
  fireEvent.click(pay);
  const notice = await screen.findByRole('dialog', { name: 'Wert payment' });
  const proceed = within(notice).getByRole('button', { name: 'PROCEED' });
  await enabled(proceed);
  fireEvent.click(proceed);
  const dialog = await screen.findByRole('dialog', { name: 'Pay with Wert' });
  await waitFor(() => expect(FakeWertWidget.made).toHaveLength(1));
  return { dialog, widget: FakeWertWidget.made[0]! };
}

beforeAll(() => {
  // Query results reach components without a timer, so the widget's clock can be held still.
  notifyManager.setScheduler((callback) => queueMicrotask(callback));
  setWertWidgetClassForTests(FakeWertWidget);
});
afterAll(() => {
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  setWertWidgetClassForTests(null);
});
beforeEach(() => {
  FakeWertWidget.made = [];
  dismissPurchaseOutcome();
  vi.mocked(leaveForPayment).mockClear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  useAccountStore.setState({ status: { loggedIn: true } });
  setCreditAmount(3);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useAccountStore.setState({ status: { loggedIn: false }, user: null, creditAmount: null });
  for (const frame of document.querySelectorAll('body > iframe')) frame.remove();
});

describe('a top-up through the widget', { timeout: 120_000 }, () => {
  it('opens the credit widget call with the quantity, 500 high, and reports each event to the credit status call', async () => {
    const { calls } = mockApi();
    renderTopUp();
    const { dialog, widget } = await openWidget();
    expect(bodiesTo(calls, '/api/credit/payment/wertio')).toEqual([{ quantity: 5 }]);
    expect(widget.options).toMatchObject({ click_id: TID, extra: { item_info: { name: 'Buy 5 Land Credit' } } });
    expect(widget.iframe.style.height).toBe('500px');

    widget.emit('loaded');
    const pending = { status: 'pending', payment_id: 'p1', order_id: 'o1', external_order_id: TID };
    widget.emit('payment-status', pending);
    widget.emit('position', { step: 'payment' });
    widget.emit('error', { name: 'SanctionsError', message: 'The card was declined.' });
    await waitFor(() => expect(bodiesTo(calls, '/api/credit/payment_status')).toHaveLength(3));
    expect(bodiesTo(calls, '/api/credit/payment_status')).toEqual([
      { tid: TID, status: 1, payload: { step: 'WERT_PENDING', event: pending } },
      { tid: TID, status: 1, payload: { step: 'WERT_POSITION', event: { step: 'payment' } } },
      {
        tid: TID,
        status: 4,
        payload: {
          content: 'The card was declined.',
          event: { name: 'SanctionsError', message: 'The card was declined.' },
        },
      },
    ]);
    // None of the shop's or the item page's calls.
    expect(calls.map(pathOf).filter((p) => /shop_payment|\/api\/payment\//.test(p))).toEqual([]);

    // A failure reveals the card payment, which opens the top-up by card.
    const card = within(dialog).getByRole('button', { name: 'Pay by card instead' });
    await enabled(card);
    fireEvent.click(card);
    await waitFor(() => expect(vi.mocked(leaveForPayment)).toHaveBeenCalledWith(REDIRECT));
    expect(bodiesTo(calls, '/api/stripe/buyTopup')).toEqual([{ quantity: 5 }]);
  });

  it('success: status 2, closed 3 s later, then "Payment completed." once the order is paid and the balance read again', async () => {
    const { calls } = mockApi(['pending', 'paid']);
    const { queryClient } = renderTopUp();
    queryClient.setQueryData(landCreditKey, { error: false, amount: 3 });
    const { widget } = await openWidget();
    widget.emit('loaded');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const success = { status: 'success', payment_id: 'p1', order_id: 'o1', external_order_id: TID };
    widget.emit('payment-status', success);
    await tick(2_999);
    expect(widget.closeCalls).toBe(0);
    await tick(1);
    expect(widget.closeCalls).toBe(1);
    vi.useRealTimers();

    const done = await screen.findByRole('dialog', { name: 'Land credit top-up' });
    expect(screen.queryByRole('dialog', { name: 'Pay with Wert' })).toBeNull();
    // The checkout closing reads the balance at once; the paid order reads it again.
    expect(queryClient.getQueryState(landCreditKey)?.isInvalidated).toBe(true);
    await within(done).findByTestId('top-up-waiting');
    queryClient.setQueryData(landCreditKey, { error: false, amount: 3 });
    const paid = await within(done).findByText('Payment completed.');
    expect(paid.closest('[role="status"]')).not.toBeNull();
    expect(queryClient.getQueryState(landCreditKey)?.isInvalidated).toBe(true);
    expect(bodiesTo(calls, '/api/credit/payment_status')).toContainEqual({
      tid: TID,
      status: 2,
      payload: { step: 'WERT_SUCCESS', event: success },
    });
  });

  it('Close offers the card provider; Ok opens the top-up by card', async () => {
    const { calls } = mockApi();
    renderTopUp();
    const { dialog, widget } = await openWidget();
    widget.emit('loaded');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const retry = await screen.findByRole('dialog', { name: 'Payment unsuccessful. Please try again.' });
    const ok = within(retry).getByRole('button', { name: 'Ok' });
    await enabled(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(vi.mocked(leaveForPayment)).toHaveBeenCalledWith(REDIRECT));
    expect(bodiesTo(calls, '/api/stripe/buyTopup')).toEqual([{ quantity: 5 }]);
  });
});

describe('continuing a pending top-up (My Orders)', { timeout: 120_000 }, () => {
  it('the widget opens again as a top-up: its reports go to the credit status call and success shows the top-up', async () => {
    const { calls } = mockApi(['paid']);
    // Cast: the order line kinds gain land_credit with the top-up API (the schema's ORDER_LINE_OBJECTS).
    const line = { object: 'land_credit', id: 'land_credit', name: 'Buy 5 Land Credit', total: 5, sell_price: 2.5 };
    const order = { code: TID, lines: [line] } as unknown as ContinuableOrder;
    renderRoutes(
      [
        page(
          '/my/orders',
          <>
            <ContinuePayment order={order} />
            <PurchaseOutcomeOutlet />
          </>,
        ),
      ],
      '/my/orders',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue payment' }));
    await waitFor(() => expect(FakeWertWidget.made).toHaveLength(1));
    const widget = FakeWertWidget.made[0]!;
    expect(widget.iframe.style.height).toBe('500px');
    widget.emit('loaded');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const success = { status: 'success', payment_id: 'p1', order_id: 'o1', external_order_id: TID };
    widget.emit('payment-status', success);
    await tick(3_000);
    vi.useRealTimers();
    const done = await screen.findByRole('dialog', { name: 'Land credit top-up' });
    await within(done).findByText('Payment completed.');
    expect(bodiesTo(calls, '/api/credit/payment_status')).toEqual([
      { tid: TID, status: 2, payload: { step: 'WERT_SUCCESS', event: success } },
    ]);
    expect(calls.map(pathOf).filter((p) => /shop_payment|\/api\/payment\//.test(p))).toEqual([]);
  });
});
