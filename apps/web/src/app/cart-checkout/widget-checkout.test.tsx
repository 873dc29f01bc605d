// Over 300 lines: the widget checkout journey's every event, sharing one sandbox widget and one mounted cart.
import { notifyManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../../lib/account-store.ts';
import { addToCart, clearCart, useCartStore, type NewCartItem } from '../../lib/cart-store.ts';
import { json, mockFetch, type Call } from '../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import { CartPanelWithCheckout } from './cart-checkout.tsx';
import { BuyNow } from '../../features/checkout/components/buy-now.tsx';
import { isCartOrder } from '../../lib/cart-order-marker.ts';
import CheckoutDialog from '../../features/checkout/components/checkout-dialog.tsx';
import { leaveForPayment } from '../../features/checkout/model/leave-for-payment.ts';
import { dismissPurchaseOutcome } from '../../features/checkout/model/purchase-outcome.ts';
import { PurchaseOutcomeOutlet } from '../../features/checkout/components/purchase-outcome-outlet.tsx';
import { setWertWidgetClassForTests, type WertOptions, type WertWidgetInstance } from '../../features/checkout/model/wert-widget-loader.ts';

// The browser leaving for the card provider's page: recorded instead of navigating jsdom away.
vi.mock('../../features/checkout/model/leave-for-payment.ts', () => ({ leaveForPayment: vi.fn() }));

/**
 * The only stand-in of these tests: the initializer's WertWidget, which would load the
 * provider's page. Like the real one (v7), open() appends a full-screen fixed iframe to <body>
 * and close() removes it and calls listeners.close; `emit` plays the events its page posts.
 */
class FakeWertWidget implements WertWidgetInstance {
  static made: FakeWertWidget[] = [];
  readonly iframe = document.createElement('iframe');
  closeCalls = 0;

  constructor(readonly options: WertOptions) {
    FakeWertWidget.made.push(this);
  }

  open(): void {
    Object.assign(this.iframe.style, {
      border: 'none',
      width: '100%',
      height: '100%',
      bottom: '0',
      right: '0',
      position: 'fixed',
      zIndex: '10000',
    });
    this.iframe.setAttribute('data-version', '7.0.6');
    document.body.appendChild(this.iframe);
  }

  close(): void {
    this.closeCalls += 1;
    this.iframe.remove();
    this.options.listeners?.close?.();
  }

  emit(type: 'loaded' | 'payment-status' | 'position' | 'error' | 'rate-update', data?: unknown): void {
    const listener = this.options.listeners?.[type] as ((data?: unknown) => void) | undefined;
    act(() => listener?.(data));
  }
}

const WAIT = { timeout: 60_000 };
const TID = 'SP-7K3M9Q2XHD';
const REDIRECT = 'http://127.0.0.1:3000/sandbox/stripe/checkout/cs_test_1';
const PENDING = 'Please wait, your order is still pending. DO NOT close this window.';
const FAILED = "Order can't be completed. Close this window and try again.";
const UNSUCCESSFUL = 'Payment unsuccessful. Please try again.';
const SIGN_IN = 'To initiate payment process, please log into your account.';

const SESSION = {
  tid: TID,
  partnerID: '01SANDBOXPARTNER',
  commodity: 'USDC',
  network: 'base_sepolia',
  origin: 'http://127.0.0.1:3000/sandbox/wert',
  signedData: {
    address: '0x1111111111111111111111111111111111111111',
    commodity: 'USDC',
    commodity_amount: 1186.74,
    network: 'base_sepolia',
    sc_address: '0x2222222222222222222222222222222222222222',
    sc_input_data: '0xabcdef',
    signature: '0xsigned',
  },
  totalUSD: 1186.74,
  click_id: TID,
  item_name: 'Spaceship',
};

const ship: NewCartItem = {
  _id: '41',
  object: 'spaceship',
  code: 'spaceship',
  name: 'Nova Lancer',
  image: '/i/41',
  rarity: 1,
  type: 0,
  sell_price: 499.6,
  price: 600,
  soldout: false,
};
const box: NewCartItem = {
  _id: 'blindbox-frontier',
  object: 'blindbox',
  code: 'blindbox',
  name: 'Frontier Blind Box',
  image: '/i/box',
  rarity: null,
  type: null,
  sell_price: 250,
  price: 1000,
  soldout: false,
};
const CART_LINES = [
  { id: '41', total: 2, object: 'spaceship' },
  { id: 'blindbox-frontier', total: 1, object: 'blindbox' },
];
const shopItem = { id: 'shop1', object: 'spaceship' as const, name: 'Nova Lancer', sell_price: 480.25 };
/** A marketplace listing on its detail page: its _id looks like a shop line's. */
const listing = { id: '7001', name: 'Vega Corsair', sell_price: 321.45, sell_price_micro: '321450000' };
const LISTING_LINE = { id: '7001', object: 'listing', total: 1, price_micro: '321450000' };

const priceSummary = {
  error: false,
  data: {
    totalsub: 1249.2,
    discount: 62.46,
    priceTotal: 1186.74,
    basePrice: 2200,
    discountPercent: 5,
    nextDiscount: 10,
    missingCount: 2,
    totalItems: 3,
    totalsub_micro: '1249200000',
    discount_micro: '62460000',
    priceTotal_micro: '1186740000',
    basePrice_micro: '2200000000',
    lines: [],
    tiers: [],
  },
};

type Answers = {
  sale?: 0 | 1;
  wertio?: () => Response;
  status?: () => Response;
  orderStatus?: string;
};

function mockApi({ sale = 1, wertio, status, orderStatus = 'paid' }: Answers = {}) {
  return mockFetch((call: Call) => {
    const path = new URL(call.url, 'http://x').pathname;
    switch (path) {
      case '/site/setting':
        return json(200, { error: false, sale_program: sale, home_version: 1 });
      case '/api/getprice':
        return json(200, priceSummary);
      case '/api/shop_payment/stock_validate':
        return json(200, { error: false, msg: 'Every item in your cart is in stock.' });
      case '/api/shop_payment/wertio':
        return wertio ? wertio() : json(200, { error: false, tid: TID, data: SESSION });
      case '/api/payment/wertio':
        return wertio ? wertio() : json(200, { error: false, msg: 'ok', ...SESSION });
      case '/api/shop_payment/status':
      case '/api/payment/status':
        return status ? status() : json(200, { error: false, status: 'pending' });
      case '/api/shop_payment/log':
        return json(200, { error: false, status: 'pending' });
      case '/api/stripe/buy':
        return json(200, { error: false, msg: 'ok', data: REDIRECT, order: 'SP-AAAAAAAAAA' });
      case `/api/orders/${TID}`:
        return json(200, { error: false, data: { code: TID, status: orderStatus, lines: [] } });
      default:
        return json(404, { error: true, code: 'NOT_FOUND', msg: `unexpected ${call.url}` });
    }
  });
}

const callsTo = (calls: Call[], path: string) => calls.filter((c) => new URL(c.url, 'http://x').pathname === path);
const bodiesTo = (calls: Call[], path: string) => callsTo(calls, path).map((c) => c.body);

/**
 * The widget's clock (1 s mount, 3 s success close) moved by hand; fetches and React stay real.
 * Testing Library's waitFor and findBy wait on a timer too: with the clock held, check directly.
 */
const controlTheClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

// Captured before any test holds the clock: real waiting, for work that takes real time.
const realSetTimeout = globalThis.setTimeout;
const realDelay = (ms: number) => new Promise((resolve) => realSetTimeout(resolve, ms));

/**
 * With the clock held, a dialog that loads lazily needs both kinds of time: real time for the
 * module to load and the fetches to answer, and clock time for React's reveal of a suspended
 * part (a timer of its own). 10 ms of each per step.
 */
async function whenShown(name: string): Promise<HTMLElement> {
  for (let step = 0; step < 1_000; step += 1) {
    const dialog = screen.queryByRole('dialog', { name });
    if (dialog) return dialog;
    await realDelay(10);
    await tick(10);
  }
  throw new Error(`the dialog ${name} never showed`);
}

function renderCart() {
  addToCart(ship);
  addToCart(ship);
  addToCart(box);
  return renderRoutes(
    [
      page(
        '/',
        <>
          <CartPanelWithCheckout />
          <PurchaseOutcomeOutlet />
        </>,
      ),
      page('/my/orders', <p>Your orders</p>),
    ],
    '/',
  );
}

function renderItemPage() {
  return renderRoutes(
    [
      page(
        '/',
        <>
          <BuyNow unavailable={null} checkout={shopItem} />
          <PurchaseOutcomeOutlet />
        </>,
      ),
    ],
    '/',
  );
}

function renderListingPage() {
  return renderRoutes(
    [
      page(
        '/',
        <>
          <BuyNow unavailable={null} listing={listing} />
          <PurchaseOutcomeOutlet />
        </>,
      ),
    ],
    '/',
  );
}

const enabled = (button: HTMLElement) =>
  waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), WAIT);

/** Checkout (cart) or BUY NOW, then the Wert choice and its button: the notice. */
async function openNotice(from: 'cart' | 'item' | 'listing') {
  const opener = await screen.findByRole('button', { name: from === 'cart' ? 'Checkout' : 'BUY NOW' }, WAIT);
  await enabled(opener);
  fireEvent.click(opener);
  const checkout = await screen.findByRole('dialog', { name: 'Checkout' }, WAIT);
  fireEvent.click(within(checkout).getByRole('radio', { name: 'Wert (fiat-to-crypto widget)' }));
  const pay = within(checkout).getByRole('button', { name: 'Pay with Wert' });
  await enabled(pay);
  fireEvent.click(pay);
  return screen.findByRole('dialog', { name: 'Wert payment' }, WAIT);
}

/** PROCEED, the widget dialog, and the widget it mounts a second later. */
async function openWidget(from: 'cart' | 'item' | 'listing') {
  const notice = await openNotice(from);
  const proceed = within(notice).getByRole('button', { name: 'PROCEED' });
  await enabled(proceed);
  fireEvent.click(proceed);
  const dialog = await screen.findByRole('dialog', { name: 'Pay with Wert' }, WAIT);
  await waitFor(() => expect(FakeWertWidget.made).toHaveLength(1), WAIT);
  return { dialog, widget: FakeWertWidget.made[0]! };
}

const statusReports = (calls: Call[], path: string) =>
  bodiesTo(calls, path) as Array<{ tid: string; status: number; step?: string; payload?: unknown; content?: string }>;

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
  clearCart();
  dismissPurchaseOutcome();
  vi.mocked(leaveForPayment).mockClear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  useAccountStore.setState({ status: { loggedIn: true } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useAccountStore.setState({ status: { loggedIn: false }, user: null });
  for (const frame of document.querySelectorAll('body > iframe')) frame.remove();
});

describe('choosing the widget', { timeout: 120_000 }, () => {
  it('Credit / Debit Card offers the card provider (default) or Wert; Wert shows the notice and calls nothing yet', async () => {
    const { calls } = mockApi();
    renderCart();
    const opener = await screen.findByRole('button', { name: 'Checkout' });
    await enabled(opener);
    fireEvent.click(opener);
    const checkout = await screen.findByRole('dialog', { name: 'Checkout' }, WAIT);
    const radio = (name: string) => within(checkout).getByRole('radio', { name }) as HTMLInputElement;
    expect(radio('Credit / Debit Card').checked).toBe(true);
    expect(radio('Card payment provider').checked).toBe(true);
    expect(radio('Wert (fiat-to-crypto widget)').checked).toBe(false);
    expect((within(checkout).getByRole('radio', { name: 'Cryptocurrency' }) as HTMLInputElement).checked).toBe(false);
    expect(within(checkout).getByRole('button', { name: 'Pay by card' })).toBeTruthy();

    fireEvent.click(radio('Wert (fiat-to-crypto widget)'));
    const pay = within(checkout).getByRole('button', { name: 'Pay with Wert' });
    await enabled(pay);
    fireEvent.click(pay);
    const notice = await screen.findByRole('dialog', { name: 'Wert payment' }, WAIT);
    expect(notice.textContent).toContain('Please have your mobile phone at hand');
    expect(notice.textContent).toContain('handled by Wert');
    expect(within(notice).getByRole('button', { name: 'PROCEED' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Checkout' })).toBeNull();
    expect(callsTo(calls, '/api/shop_payment/wertio')).toHaveLength(0);
    expect(callsTo(calls, '/api/stripe/buy')).toHaveLength(0);

    fireEvent.click(within(notice).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Checkout' }, WAIT)).toBeTruthy();
  });

  it('a dialog not asked to offer cryptocurrency shows the card choices only (crypto-checkout.test.tsx has the rest)', async () => {
    mockApi();
    renderRoutes(
      [page('/', <CheckoutDialog open onOpenChange={() => {}} purchase={{ kind: 'item', item: shopItem }} />)],
      '/',
    );
    const checkout = await screen.findByRole('dialog', { name: 'Checkout' }, WAIT);
    expect(within(checkout).getByRole('radio', { name: 'Credit / Debit Card' })).toBeTruthy();
    expect(within(checkout).queryByRole('radio', { name: 'Cryptocurrency' })).toBeNull();
  });
});

describe('opening the widget', { timeout: 120_000 }, () => {
  it('cart: PROCEED checks the stock, opens the payment with the cart lines, shows Loading and mounts the widget 1 s later', async () => {
    const { calls } = mockApi();
    renderCart();
    const notice = await openNotice('cart');
    const proceed = within(notice).getByRole('button', { name: 'PROCEED' });
    await enabled(proceed);
    controlTheClock();
    fireEvent.click(proceed);
    const dialog = await whenShown('Pay with Wert');
    expect(bodiesTo(calls, '/api/shop_payment/stock_validate')).toEqual([{ ids: CART_LINES }]);
    expect(bodiesTo(calls, '/api/shop_payment/wertio')).toEqual([{ ids: CART_LINES }]);
    expect(calls.indexOf(callsTo(calls, '/api/shop_payment/stock_validate')[0]!)).toBeLessThan(
      calls.indexOf(callsTo(calls, '/api/shop_payment/wertio')[0]!),
    );
    expect(within(dialog).getByTestId('widget-area').textContent).toContain('Loading');

    // Shown at most 10 ms ago (the step above): the widget waits for the rest of its second.
    await tick(900);
    expect(FakeWertWidget.made).toHaveLength(0);
    await tick(100);
    expect(FakeWertWidget.made).toHaveLength(1);
    const widget = FakeWertWidget.made[0]!;
    expect(widget.options).toMatchObject({
      partner_id: SESSION.partnerID,
      origin: SESSION.origin,
      click_id: TID,
      commodity: 'USDC',
      network: 'base_sepolia',
      address: SESSION.signedData.address,
      commodity_amount: 1186.74,
      sc_address: SESSION.signedData.sc_address,
      sc_input_data: SESSION.signedData.sc_input_data,
      signature: SESSION.signedData.signature,
      extra: { item_info: { name: 'Spaceship' } },
    });
    // The widget's own iframe stays where the initializer put it, restyled over the widget area.
    expect(widget.iframe.parentElement).toBe(document.body);
    expect(widget.iframe.style.height).toBe('500px');
    expect(widget.iframe.style.pointerEvents).toBe('auto');
    expect(widget.iframe.style.visibility).toBe('hidden');

    widget.emit('loaded');
    expect(within(dialog).getByTestId('widget-area').textContent).not.toContain('Loading');
    expect(widget.iframe.style.visibility).toBe('');
    expect(bodiesTo(calls, '/api/shop_payment/log')).toEqual([{ tid: TID, event: 'loaded' }]);
  });

  it('detail page: PROCEED opens the single item by its id, with no stock check; the widget is 600 high', async () => {
    const { calls } = mockApi();
    renderItemPage();
    const { widget } = await openWidget('item');
    expect(bodiesTo(calls, '/api/payment/wertio')).toEqual([{ id: 'shop1' }]);
    expect(callsTo(calls, '/api/shop_payment/stock_validate')).toHaveLength(0);
    expect(callsTo(calls, '/api/shop_payment/wertio')).toHaveLength(0);
    expect(widget.iframe.style.height).toBe('600px');
  });

  it('sold out at PROCEED: the server says so and no widget opens', async () => {
    const msg = 'Nova Lancer is sold out.';
    mockApi({ wertio: () => json(409, { error: true, code: 'CONFLICT', msg }) });
    renderItemPage();
    const notice = await openNotice('item');
    const proceed = within(notice).getByRole('button', { name: 'PROCEED' });
    await enabled(proceed);
    fireEvent.click(proceed);
    const alert = await within(notice).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toBe(`Sorry${msg}`);
    expect(screen.queryByRole('dialog', { name: 'Pay with Wert' })).toBeNull();
    expect(FakeWertWidget.made).toHaveLength(0);
  });
});

describe('widget events', { timeout: 120_000 }, () => {
  it('cart: each event is reported to the shop status call as the spec says, logged raw, and shows its text', async () => {
    const { calls } = mockApi();
    renderCart();
    const { dialog, widget } = await openWidget('cart');
    widget.emit('loaded');

    const pending = { status: 'pending', payment_id: 'p1', order_id: 'o1', external_order_id: TID };
    widget.emit('payment-status', pending);
    expect(within(dialog).getByRole('alert').textContent).toBe(PENDING);
    widget.emit('position', { step: 'payment' });
    const progress = { status: 'progress', payment_id: 'p1', order_id: 'o1', external_order_id: TID };
    widget.emit('payment-status', progress);
    expect(within(dialog).queryByText(PENDING)).toBeNull();
    widget.emit('rate-update', { ticker: '1.00' });
    const failed = { status: 'failed', payment_id: 'p1', order_id: 'o1', external_order_id: TID };
    widget.emit('payment-status', failed);
    expect(within(dialog).getByRole('alert').textContent).toContain(FAILED);
    expect(within(dialog).getByRole('button', { name: 'Pay by card instead' })).toBeTruthy();
    widget.emit('error', { name: 'SanctionsError', message: 'The card was declined.' });
    expect(within(dialog).getByRole('alert').textContent).toContain('The card was declined.');

    await waitFor(() => expect(callsTo(calls, '/api/shop_payment/status')).toHaveLength(4));
    expect(statusReports(calls, '/api/shop_payment/status')).toEqual([
      { tid: TID, status: 1, step: 'WERT_PENDING', payload: pending },
      { tid: TID, status: 1, step: 'WERT_POSITION', payload: { step: 'payment' } },
      { tid: TID, status: 1, step: 'WERT_DEFAULT', payload: progress },
      {
        tid: TID,
        status: 4,
        payload: { name: 'SanctionsError', message: 'The card was declined.' },
        content: 'The card was declined.',
      },
    ]);
    await waitFor(() => expect(callsTo(calls, '/api/shop_payment/log')).toHaveLength(7));
    expect(bodiesTo(calls, '/api/shop_payment/log').map((b) => (b as { event: string }).event)).toEqual([
      'loaded',
      'payment-status',
      'position',
      'payment-status',
      'rate-update',
      'payment-status',
      'error',
    ]);
    expect(callsTo(calls, '/api/payment/status')).toHaveLength(0);
  });

  it('detail page: reports go to the payment status call with the step in the payload; nothing is logged', async () => {
    const { calls } = mockApi();
    renderItemPage();
    const { widget } = await openWidget('item');
    const pending = { status: 'pending', payment_id: 'p1', order_id: 'o1', external_order_id: TID };
    widget.emit('payment-status', pending);
    widget.emit('position', { step: 'kyc' });
    await waitFor(() => expect(callsTo(calls, '/api/payment/status')).toHaveLength(2));
    expect(statusReports(calls, '/api/payment/status')).toEqual([
      { tid: TID, status: 1, payload: { step: 'WERT_PENDING', event: pending } },
      { tid: TID, status: 1, payload: { step: 'WERT_POSITION', event: { step: 'kyc' } } },
    ]);
    expect(callsTo(calls, '/api/shop_payment/status')).toHaveLength(0);
    expect(callsTo(calls, '/api/shop_payment/log')).toHaveLength(0);
  });

  it('a report the server refuses does not disturb the payment on screen', async () => {
    const { calls } = mockApi({ status: () => json(500, { error: true, code: 'INTERNAL', msg: 'down' }) });
    renderCart();
    const { dialog, widget } = await openWidget('cart');
    widget.emit('loaded');
    widget.emit('payment-status', { status: 'pending', payment_id: 'p1', order_id: 'o1', external_order_id: TID });
    await waitFor(() => expect(callsTo(calls, '/api/shop_payment/status')).toHaveLength(1));
    expect(within(dialog).getByRole('alert').textContent).toBe(PENDING);
    widget.emit('payment-status', { status: 'failed', payment_id: 'p1', order_id: 'o1', external_order_id: TID });
    expect(within(dialog).getByRole('alert').textContent).toContain(FAILED);
    expect(screen.getByRole('dialog', { name: 'Pay with Wert' })).toBe(dialog);
  });

  it('success: status 2, then 3 s later the widget closes, the cart empties and the purchase shows with the order state', async () => {
    const { calls } = mockApi({ orderStatus: 'paid' });
    renderCart();
    const notice = await openNotice('cart');
    const proceed = within(notice).getByRole('button', { name: 'PROCEED' });
    await enabled(proceed);
    controlTheClock();
    fireEvent.click(proceed);
    const dialog = await whenShown('Pay with Wert');
    await tick(1_000);
    expect(FakeWertWidget.made).toHaveLength(1);
    const widget = FakeWertWidget.made[0]!;
    widget.emit('loaded');

    const success = { status: 'success', payment_id: 'p1', order_id: 'o1', tx_id: '0xtx', external_order_id: TID };
    widget.emit('payment-status', success);
    expect(statusReports(calls, '/api/shop_payment/status')).toEqual([
      { tid: TID, status: 2, step: 'WERT_SUCCESS', payload: success },
    ]);
    await tick(2_999);
    expect(screen.getByRole('dialog', { name: 'Pay with Wert' })).toBe(dialog);
    expect(useCartStore.getState().itemsOnCart).toHaveLength(2);
    expect(widget.closeCalls).toBe(0);

    await tick(1);
    expect(widget.closeCalls).toBe(1);
    expect(widget.iframe.isConnected).toBe(false);
    expect(useCartStore.getState().itemsOnCart).toEqual([]);
    vi.useRealTimers();

    const done = await screen.findByRole('dialog', { name: 'Item purchased successfully.' }, WAIT);
    expect(within(done).getByTestId('purchase-order').textContent).toBe(TID);
    await waitFor(() => expect(within(done).getByTestId('purchase-order-status').textContent).toBe('paid'), WAIT);
    expect(within(done).getByRole('link', { name: 'View order' }).getAttribute('href')).toBe('/my/orders');
    expect(screen.queryByRole('dialog', { name: 'Pay with Wert' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: UNSUCCESSFUL })).toBeNull();
    expect(screen.getByText(/Your cart is empty/)).toBeTruthy();
  });

  it('success on a detail page leaves the cart alone and shows the order as the server has it', async () => {
    mockApi({ orderStatus: 'pending' });
    addToCart(box);
    renderItemPage();
    const { widget } = await openWidget('item');
    controlTheClock();
    widget.emit('payment-status', { status: 'success', payment_id: 'p1', order_id: 'o1', external_order_id: TID });
    await tick(3_000);
    vi.useRealTimers();
    const done = await screen.findByRole('dialog', { name: 'Item purchased successfully.' }, WAIT);
    await waitFor(
      () =>
        expect(within(done).getByTestId('purchase-order-status').textContent).toBe(
          'waiting for the payment provider to confirm the payment',
        ),
      WAIT,
    );
    expect(useCartStore.getState().itemsOnCart).toHaveLength(1);
  });
});

describe('closing the widget', { timeout: 120_000 }, () => {
  it('Close closes the widget; the retry dialog’s Ok pays the cart through the card provider and leaves for its page', async () => {
    const { calls } = mockApi();
    renderCart();
    const { dialog, widget } = await openWidget('cart');
    widget.emit('loaded');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(widget.closeCalls).toBe(1);
    expect(widget.iframe.isConnected).toBe(false);

    const retry = await screen.findByRole('dialog', { name: UNSUCCESSFUL }, WAIT);
    expect(screen.queryByRole('dialog', { name: 'Pay with Wert' })).toBeNull();
    const ok = within(retry).getByRole('button', { name: 'Ok' });
    await enabled(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(vi.mocked(leaveForPayment)).toHaveBeenCalledWith(REDIRECT), WAIT);
    expect(bodiesTo(calls, '/api/stripe/buy')).toEqual([{ ids: CART_LINES, type: 2 }]);
    // The card path's own stock check: once for the widget, once for the card.
    expect(callsTo(calls, '/api/shop_payment/stock_validate')).toHaveLength(2);
    expect(isCartOrder('SP-AAAAAAAAAA')).toBe(true);
  });

  it('the widget closing itself offers the retry too; Cancel ends checkout without paying', async () => {
    const { calls } = mockApi();
    renderCart();
    const { widget } = await openWidget('cart');
    widget.emit('loaded');
    act(() => widget.close()); // what the initializer does on its page's close message
    const retry = await screen.findByRole('dialog', { name: UNSUCCESSFUL }, WAIT);
    fireEvent.click(within(retry).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(callsTo(calls, '/api/stripe/buy')).toHaveLength(0);
    expect(widget.closeCalls).toBe(1);
    expect(useCartStore.getState().itemsOnCart).toHaveLength(2);
  });

  it('detail page: Close, then Ok pays the item through the card provider in the items form', async () => {
    const { calls } = mockApi();
    renderItemPage();
    const { dialog } = await openWidget('item');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const retry = await screen.findByRole('dialog', { name: UNSUCCESSFUL }, WAIT);
    const ok = within(retry).getByRole('button', { name: 'Ok' });
    await enabled(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(vi.mocked(leaveForPayment)).toHaveBeenCalledWith(REDIRECT), WAIT);
    expect(bodiesTo(calls, '/api/stripe/buy')).toEqual([
      { type: 2, items: [{ id: 'shop1', total: 1, object: 'spaceship' }] },
    ]);
  });

  it('a cart emptied while the widget is open takes checkout away and closes the widget, with no retry', async () => {
    mockApi();
    renderCart();
    const { widget } = await openWidget('cart');
    act(() => clearCart());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(widget.closeCalls).toBe(1);
    expect(widget.iframe.isConnected).toBe(false);
  });

  it('a failure takes focus back from the widget’s frame to the dialog, so Escape closes it and offers the retry', async () => {
    mockApi();
    renderCart();
    const { dialog, widget } = await openWidget('cart');
    widget.emit('loaded');
    // The player pressed the widget's own Fail: focus is in the widget's frame, as a browser
    // reports it (activeElement is the iframe; jsdom would say body, which Radix takes back).
    const real = Object.getOwnPropertyDescriptor(Document.prototype, 'activeElement')!.get!;
    Object.defineProperty(document, 'activeElement', {
      configurable: true,
      get: () => {
        const focused = real.call(document) as Element | null;
        return focused === document.body ? widget.iframe : focused;
      },
    });
    try {
      act(() => (real.call(document) as HTMLElement | null)?.blur());
      expect(document.activeElement).toBe(widget.iframe);
      widget.emit('payment-status', { status: 'failed', payment_id: 'p1', order_id: 'o1', external_order_id: TID });
      await within(dialog).findByText(FAILED, undefined, WAIT);
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true), WAIT);
    } finally {
      delete (document as { activeElement?: unknown }).activeElement;
    }
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await screen.findByRole('dialog', { name: UNSUCCESSFUL }, WAIT);
    expect(widget.closeCalls).toBe(1);
    expect(screen.queryByRole('dialog', { name: 'Pay with Wert' })).toBeNull();
  });

  it('after a failed payment, Pay by card instead leaves for the card provider', async () => {
    const { calls } = mockApi();
    renderItemPage();
    const { dialog, widget } = await openWidget('item');
    widget.emit('payment-status', { status: 'failed', payment_id: 'p1', order_id: 'o1', external_order_id: TID });
    const card = within(dialog).getByRole('button', { name: 'Pay by card instead' });
    await enabled(card);
    fireEvent.click(card);
    await waitFor(() => expect(vi.mocked(leaveForPayment)).toHaveBeenCalledWith(REDIRECT), WAIT);
    expect(bodiesTo(calls, '/api/stripe/buy')).toEqual([
      { type: 2, items: [{ id: 'shop1', total: 1, object: 'spaceship' }] },
    ]);
  });
});

describe('when buying is not possible', { timeout: 120_000 }, () => {
  const closeSales = (queryClient: ReturnType<typeof renderRoutes>['queryClient']) =>
    act(() => queryClient.setQueryData(['site', 'setting'], { error: false, sale_program: 0, home_version: 1 }));

  it('sales closed: Pay with Wert is disabled', async () => {
    const { calls } = mockApi({ sale: 0 });
    renderRoutes(
      [page('/', <CheckoutDialog open onOpenChange={() => {}} purchase={{ kind: 'item', item: shopItem }} />)],
      '/',
    );
    const checkout = await screen.findByRole('dialog', { name: 'Checkout' }, WAIT);
    await within(checkout).findByText('Sales are closed right now. Please come back later to buy.', undefined, WAIT);
    fireEvent.click(within(checkout).getByRole('radio', { name: 'Wert (fiat-to-crypto widget)' }));
    const pay = within(checkout).getByRole('button', { name: 'Pay with Wert' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    fireEvent.click(pay);
    expect(screen.queryByRole('dialog', { name: 'Wert payment' })).toBeNull();
    expect(callsTo(calls, '/api/payment/wertio')).toHaveLength(0);
  });

  it('sales closing while the notice or the retry is open disables PROCEED and Ok', async () => {
    const { calls } = mockApi();
    const { queryClient } = renderItemPage();
    const notice = await openNotice('item');
    closeSales(queryClient);
    const proceed = within(notice).getByRole('button', { name: 'PROCEED' }) as HTMLButtonElement;
    await waitFor(() => expect(proceed.disabled).toBe(true), WAIT);
    expect(notice.textContent).toContain('Sales are closed right now.');
    fireEvent.click(proceed);
    expect(callsTo(calls, '/api/payment/wertio')).toHaveLength(0);

    act(() => queryClient.setQueryData(['site', 'setting'], { error: false, sale_program: 1, home_version: 1 }));
    await enabled(proceed);
    fireEvent.click(proceed);
    const dialog = await screen.findByRole('dialog', { name: 'Pay with Wert' }, WAIT);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const retry = await screen.findByRole('dialog', { name: UNSUCCESSFUL }, WAIT);
    closeSales(queryClient);
    const ok = within(retry).getByRole('button', { name: 'Ok' }) as HTMLButtonElement;
    await waitFor(() => expect(ok.disabled).toBe(true), WAIT);
    fireEvent.click(ok);
    expect(callsTo(calls, '/api/stripe/buy')).toHaveLength(0);
  });

  it('signed out: BUY NOW asks to sign in and opens nothing', async () => {
    useAccountStore.setState({ status: { loggedIn: false } });
    mockApi();
    renderItemPage();
    const buy = await screen.findByRole('button', { name: 'BUY NOW' });
    fireEvent.click(buy);
    expect(screen.getByRole('status').textContent).toContain(SIGN_IN);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a session that ended before PROCEED asks to sign in', async () => {
    mockApi({ wertio: () => json(401, { error: true, code: 'UNAUTHORIZED', msg: 'Please sign in.' }) });
    renderItemPage();
    const notice = await openNotice('item');
    const proceed = within(notice).getByRole('button', { name: 'PROCEED' });
    await enabled(proceed);
    fireEvent.click(proceed);
    await waitFor(() => expect(within(notice).getByRole('status').textContent).toBe(SIGN_IN), WAIT);
    expect(FakeWertWidget.made).toHaveLength(0);
  });
});

describe('a marketplace listing from its detail page', { timeout: 120_000 }, () => {
  it('checkout offers the card provider or Wert at the listing’s sale price, with no pricing call', async () => {
    const { calls } = mockApi();
    renderListingPage();
    const opener = await screen.findByRole('button', { name: 'BUY NOW' }, WAIT);
    await enabled(opener);
    fireEvent.click(opener);
    const checkout = await screen.findByRole('dialog', { name: 'Checkout' }, WAIT);
    const radio = (name: string) => within(checkout).getByRole('radio', { name }) as HTMLInputElement;
    expect(radio('Card payment provider').checked).toBe(true);
    expect(radio('Wert (fiat-to-crypto widget)').checked).toBe(false);
    expect(within(checkout).getByText('Vega Corsair')).toBeTruthy();
    expect(within(checkout).getByTestId('checkout-price').textContent).toBe('$321.450');
    fireEvent.click(radio('Wert (fiat-to-crypto widget)'));
    await enabled(within(checkout).getByRole('button', { name: 'Pay with Wert' }));
    expect(callsTo(calls, '/api/getprice')).toHaveLength(0);
  });

  it('PROCEED opens the listing by its _id named as a listing, with no stock check; the widget is 600 high', async () => {
    const { calls } = mockApi();
    renderListingPage();
    const { widget } = await openWidget('listing');
    expect(bodiesTo(calls, '/api/payment/wertio')).toEqual([{ id: '7001', object: 'listing', price_micro: '321450000' }]);
    expect(callsTo(calls, '/api/shop_payment/stock_validate')).toHaveLength(0);
    expect(callsTo(calls, '/api/shop_payment/wertio')).toHaveLength(0);
    expect(callsTo(calls, '/api/getprice')).toHaveLength(0);
    expect(widget.iframe.style.height).toBe('600px');
  });

  it('its reports go to the payment status call; success closes 3 s later, shows the purchase and refreshes the marketplace', async () => {
    const { calls } = mockApi({ orderStatus: 'paid' });
    addToCart(box);
    const { queryClient } = renderListingPage();
    queryClient.setQueryData(['marketplace', 'item', '7001'], { error: false, item: { _id: '7001', status: 'listed' } });
    queryClient.setQueryData(['marketplace', 'find', {}], { error: false, data: [{ _id: '7001' }] });
    const { widget } = await openWidget('listing');
    widget.emit('loaded');
    widget.emit('position', { step: 'payment' });
    const success = { status: 'success', payment_id: 'p1', order_id: 'o1', external_order_id: TID };
    controlTheClock();
    widget.emit('payment-status', success);
    await tick(2_999);
    expect(widget.closeCalls).toBe(0);
    await tick(1);
    expect(widget.closeCalls).toBe(1);
    vi.useRealTimers();
    const done = await screen.findByRole('dialog', { name: 'Item purchased successfully.' }, WAIT);
    expect(within(done).getByTestId('purchase-order').textContent).toBe(TID);
    await waitFor(() => expect(callsTo(calls, '/api/payment/status')).toHaveLength(2), WAIT);
    expect(statusReports(calls, '/api/payment/status')).toEqual([
      { tid: TID, status: 1, payload: { step: 'WERT_POSITION', event: { step: 'payment' } } },
      { tid: TID, status: 2, payload: { step: 'WERT_SUCCESS', event: success } },
    ]);
    expect(callsTo(calls, '/api/shop_payment/status')).toHaveLength(0);
    expect(callsTo(calls, '/api/shop_payment/log')).toHaveLength(0);
    expect(useCartStore.getState().itemsOnCart).toHaveLength(1);
    // Bought: the listing's page and the marketplace lists are read again.
    expect(queryClient.getQueryState(['marketplace', 'item', '7001'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['marketplace', 'find', {}])?.isInvalidated).toBe(true);
  });

  it('Close, then Ok in “Payment unsuccessful” pays the listing by card with its listing line', async () => {
    const { calls } = mockApi();
    renderListingPage();
    const { dialog, widget } = await openWidget('listing');
    widget.emit('loaded');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const retry = await screen.findByRole('dialog', { name: UNSUCCESSFUL }, WAIT);
    const ok = within(retry).getByRole('button', { name: 'Ok' });
    await enabled(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(vi.mocked(leaveForPayment)).toHaveBeenCalledWith(REDIRECT), WAIT);
    expect(bodiesTo(calls, '/api/stripe/buy')).toEqual([{ type: 2, items: [LISTING_LINE] }]);
    expect(isCartOrder('SP-AAAAAAAAAA')).toBe(false);
  });

  it('taken by someone else at PROCEED: Sorry with the server’s message, no widget, and the listing’s page is read again', async () => {
    const msg = 'This item is no longer for sale.';
    mockApi({ wertio: () => json(409, { error: true, code: 'CONFLICT', msg }) });
    const { queryClient } = renderListingPage();
    queryClient.setQueryData(['marketplace', 'item', '7001'], { error: false, item: { _id: '7001', status: 'listed' } });
    const notice = await openNotice('listing');
    const proceed = within(notice).getByRole('button', { name: 'PROCEED' });
    await enabled(proceed);
    fireEvent.click(proceed);
    const alert = await within(notice).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toBe(`Sorry${msg}`);
    expect(FakeWertWidget.made).toHaveLength(0);
    expect(queryClient.getQueryState(['marketplace', 'item', '7001'])?.isInvalidated).toBe(true);
  });
});
