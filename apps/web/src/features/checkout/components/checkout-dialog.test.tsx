import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../../../lib/account-store.ts';
import { addToCart, clearCart, type NewCartItem } from '../../../lib/cart-store.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { expectDollarPricesOnly } from '../../../test/money-words.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { BuyNow } from './buy-now.tsx';
import { CartCheckoutButton } from './checkout-button.tsx';
import CheckoutDialog from './checkout-dialog.tsx';
import { isCartOrder } from '../../../lib/cart-order-marker.ts';
import { leaveForPayment } from '../model/leave-for-payment.ts';

// The browser leaving for the provider's page: recorded instead of navigating jsdom away.
vi.mock('../model/leave-for-payment.ts', () => ({ leaveForPayment: vi.fn() }));

const WAIT = { timeout: 60_000 };
const REDIRECT = 'http://127.0.0.1:3000/sandbox/checkout/cs_test_1';

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

/** Figures no browser sum of the lines would give: the dialog must show the server's. */
const priceSummary = (over: Record<string, unknown> = {}) => ({
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
    ...over,
  },
});

type Answers = {
  sale?: 0 | 1;
  stock?: () => Response;
  buy?: () => Response;
  price?: Record<string, unknown>;
};

function mockApi({ sale = 1, stock, buy, price }: Answers = {}) {
  return mockFetch((call: Call) => {
    if (call.url.endsWith('/site/setting')) return json(200, { error: false, sale_program: sale, home_version: 1 });
    if (call.url.endsWith('/api/getprice')) return json(200, priceSummary(price));
    if (call.url.endsWith('/api/shop_payment/stock_validate')) {
      return stock ? stock() : json(200, { error: false, msg: 'Every item in your cart is in stock.' });
    }
    if (call.url.endsWith('/api/stripe/buy')) {
      return buy ? buy() : json(200, { error: false, msg: 'ok', data: REDIRECT, order: 'SP-7K3M9Q2XHD' });
    }
    return json(404, { error: true, code: 'NOT_FOUND', msg: `unexpected ${call.url}` });
  });
}

const callsTo = (calls: Call[], path: string) => calls.filter((c) => c.url.endsWith(path));

function fillCart() {
  addToCart(ship);
  addToCart(ship);
  addToCart(box);
}

async function openCartCheckout() {
  renderRoutes([page('/', <CartCheckoutButton />)], '/');
  const button = await screen.findByRole('button', { name: 'Checkout' });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), WAIT);
  fireEvent.click(button);
  return screen.findByRole('dialog', { name: 'Checkout' }, WAIT);
}

const payButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Pay by card' }) as HTMLButtonElement;

beforeEach(() => {
  clearCart();
  vi.mocked(leaveForPayment).mockClear();
  useAccountStore.setState({ status: { loggedIn: true } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAccountStore.setState({ status: { loggedIn: false }, user: null });
});

describe('checkout from the cart', { timeout: 120_000 }, () => {
  it('shows the server total, checks the stock, buys with the cart lines and leaves for the provider', async () => {
    const { calls } = mockApi();
    fillCart();
    const dialog = await openCartCheckout();
    await waitFor(() => expect(within(dialog).getByTestId('checkout-price').textContent).toContain('$1,186.740'), WAIT);
    expect(within(dialog).getByTestId('checkout-price').textContent).toContain('$2,200.000');
    expect(within(dialog).getByTestId('checkout-discount').textContent).toBe('Volume discount (5%): −$62.460');
    expectDollarPricesOnly(dialog.textContent);
    expect(within(dialog).getByRole('radio', { name: 'Credit / Debit Card' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'Card payment provider' })).toBeTruthy();
    // Cryptocurrency is offered too (crypto-checkout.test.tsx), but the card is the default.
    expect((within(dialog).getByRole('radio', { name: 'Cryptocurrency' }) as HTMLInputElement).checked).toBe(false);

    await waitFor(() => expect(payButton(dialog).disabled).toBe(false), WAIT);
    fireEvent.click(payButton(dialog));
    await waitFor(() => expect(vi.mocked(leaveForPayment)).toHaveBeenCalledWith(REDIRECT), WAIT);

    const lines = [
      { id: '41', total: 2, object: 'spaceship' },
      { id: 'blindbox-frontier', total: 1, object: 'blindbox' },
    ];
    expect(callsTo(calls, '/api/shop_payment/stock_validate').map((c) => c.body)).toEqual([{ ids: lines }]);
    const buys = callsTo(calls, '/api/stripe/buy');
    expect(buys.map((c) => c.body)).toEqual([{ ids: lines, type: 2 }]);
    // The stock check comes first.
    expect(calls.indexOf(callsTo(calls, '/api/shop_payment/stock_validate')[0]!)).toBeLessThan(calls.indexOf(buys[0]!));
    expect(isCartOrder('SP-7K3M9Q2XHD')).toBe(true);
    expect(payButton(dialog).getAttribute('aria-busy')).toBe('true');
  });

  it('a 409 from the stock check shows its message and never opens a payment', async () => {
    const msg = 'Only 1 of Nova Lancer are left. Please lower the quantity in your cart.';
    const { calls } = mockApi({ stock: () => json(409, { error: true, code: 'CONFLICT', msg }) });
    fillCart();
    const dialog = await openCartCheckout();
    await waitFor(() => expect(payButton(dialog).disabled).toBe(false), WAIT);
    fireEvent.click(payButton(dialog));
    const alert = await within(dialog).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('Something went wrong!');
    expect(alert.textContent).toContain(msg);
    expect(callsTo(calls, '/api/stripe/buy')).toHaveLength(0);
    expect(vi.mocked(leaveForPayment)).not.toHaveBeenCalled();
  });

  it('a provider failure says Sorry with the server message and stays put', async () => {
    const msg = 'The card provider is not answering. Please try again in a few minutes.';
    mockApi({ buy: () => json(502, { error: true, code: 'BAD_GATEWAY', msg }) });
    fillCart();
    const dialog = await openCartCheckout();
    await waitFor(() => expect(payButton(dialog).disabled).toBe(false), WAIT);
    fireEvent.click(payButton(dialog));
    const alert = await within(dialog).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('Sorry');
    expect(alert.textContent).toContain(msg);
    expect(vi.mocked(leaveForPayment)).not.toHaveBeenCalled();
    expect(isCartOrder('SP-7K3M9Q2XHD')).toBe(false);
    expect(payButton(dialog).disabled).toBe(false);
  });

  it('a network failure says to try again', async () => {
    mockApi({
      buy: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    fillCart();
    const dialog = await openCartCheckout();
    await waitFor(() => expect(payButton(dialog).disabled).toBe(false), WAIT);
    fireEvent.click(payButton(dialog));
    const alert = await within(dialog).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('Please try again, network error');
  });

  it('a double click sends one Idempotency-Key twice: the server answers both with one order', async () => {
    const { calls } = mockApi();
    fillCart();
    const dialog = await openCartCheckout();
    await waitFor(() => expect(payButton(dialog).disabled).toBe(false), WAIT);
    fireEvent.click(payButton(dialog));
    fireEvent.click(payButton(dialog));
    await waitFor(() => expect(vi.mocked(leaveForPayment)).toHaveBeenCalledWith(REDIRECT), WAIT);
    const keys = callsTo(calls, '/api/stripe/buy').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('a retry after a network failure is the same attempt (same key); after a decided refusal, a new one', async () => {
    let answer: () => Response = () => {
      throw new TypeError('Failed to fetch');
    };
    const { calls } = mockApi({ buy: () => answer() });
    fillCart();
    const dialog = await openCartCheckout();
    const payOnce = async (sent: number, expected: string) => {
      await waitFor(() => expect(payButton(dialog).disabled).toBe(false), WAIT);
      fireEvent.click(payButton(dialog));
      await waitFor(() => expect(callsTo(calls, '/api/stripe/buy')).toHaveLength(sent), WAIT);
      await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(expected), WAIT);
    };
    await payOnce(1, 'network error');
    await payOnce(2, 'network error');
    answer = () => json(502, { error: true, code: 'INTERNAL', msg: 'The provider is down.' });
    await payOnce(3, 'The provider is down.');
    answer = () => json(200, { error: false, msg: 'ok', data: REDIRECT, order: 'SP-7K3M9Q2XHD' });
    fireEvent.click(payButton(dialog));
    await waitFor(() => expect(vi.mocked(leaveForPayment)).toHaveBeenCalledWith(REDIRECT), WAIT);
    const [a, b, c, d] = callsTo(calls, '/api/stripe/buy').map((call) => call.headers['Idempotency-Key']);
    expect(a).toBeTruthy();
    expect([b, c]).toEqual([a, a]);
    expect(d).not.toBe(a);
  });

  it('sales closed: the Checkout button is disabled and says why', async () => {
    const { calls } = mockApi({ sale: 0 });
    fillCart();
    renderRoutes([page('/', <CartCheckoutButton />)], '/');
    expect((await screen.findByTestId('sale-notice', undefined, WAIT)).textContent).toBe(
      'Sales are closed right now. Please come back later to buy.',
    );
    expect((screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(calls, '/api/stripe/buy')).toHaveLength(0);
  });

  it('signed out: Checkout asks to sign in and opens no dialog', async () => {
    useAccountStore.setState({ status: { loggedIn: false } });
    mockApi();
    fillCart();
    renderRoutes([page('/', <CartCheckoutButton />)], '/');
    const button = await screen.findByRole('button', { name: 'Checkout' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), WAIT);
    fireEvent.click(button);
    expect(screen.getByRole('status').textContent).toContain(
      'To initiate payment process, please log into your account.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('checkout dialog', { timeout: 120_000 }, () => {
  it('sales closed while it is open: Pay by card is disabled and the dialog says why', async () => {
    const { calls } = mockApi({ sale: 0 });
    fillCart();
    renderRoutes(
      [
        page(
          '/',
          <CheckoutDialog
            open
            onOpenChange={() => {}}
            purchase={{ kind: 'item', item: { id: '41', object: 'spaceship', name: 'Nova Lancer', sell_price: 499.6 } }}
          />,
        ),
      ],
      '/',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' }, WAIT);
    const closed = await within(dialog).findByText(
      'Sales are closed right now. Please come back later to buy.',
      undefined,
      WAIT,
    );
    expect(closed).toBeTruthy();
    await waitFor(
      () => expect(within(dialog).getByTestId('checkout-price').getAttribute('aria-busy')).toBeNull(),
      WAIT,
    );
    expect(payButton(dialog).disabled).toBe(true);
    fireEvent.click(payButton(dialog));
    expect(callsTo(calls, '/api/stripe/buy')).toHaveLength(0);
  });
});

describe('BUY NOW of a shop item', { timeout: 120_000 }, () => {
  const item = { id: 'shop1', object: 'spaceship' as const, name: 'Nova Lancer', sell_price: 480.25 };

  it('opens checkout for that one item, priced by the server, and buys it without a stock check', async () => {
    const { calls } = mockApi({ price: { priceTotal: 480.25, basePrice: 480.25, discount: 0, discountPercent: 0 } });
    renderRoutes([page('/', <BuyNow unavailable={null} checkout={item} />)], '/');
    const buy = await screen.findByRole('button', { name: 'BUY NOW' });
    await waitFor(() => expect((buy as HTMLButtonElement).disabled).toBe(false), WAIT);
    fireEvent.click(buy);
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' }, WAIT);
    expect(within(dialog).getByText('Nova Lancer')).toBeTruthy();
    await waitFor(() => expect(payButton(dialog).disabled).toBe(false), WAIT);
    expect(within(dialog).getByTestId('checkout-price').textContent).toBe(' $480.250');
    expect(callsTo(calls, '/api/getprice').map((c) => c.body)).toEqual([
      { items: [{ id: 'shop1', object: 'spaceship', total: 1 }] },
    ]);
    fireEvent.click(payButton(dialog));
    await waitFor(() => expect(vi.mocked(leaveForPayment)).toHaveBeenCalledWith(REDIRECT), WAIT);
    expect(callsTo(calls, '/api/stripe/buy').map((c) => c.body)).toEqual([
      { type: 2, items: [{ id: 'shop1', total: 1, object: 'spaceship' }] },
    ]);
    expect(callsTo(calls, '/api/shop_payment/stock_validate')).toHaveLength(0);
    // A single item is not the cart: paying for it must not empty the cart later.
    expect(isCartOrder('SP-7K3M9Q2XHD')).toBe(false);
  });

  /** BUY NOW on an item whose payment start answers 409 with this code and message: the alert shown. */
  async function refusedPurchase(code: string, msg: string): Promise<HTMLElement> {
    mockApi({ buy: () => json(409, { error: true, code, msg }) });
    renderRoutes([page('/', <BuyNow unavailable={null} checkout={item} />)], '/');
    const buy = await screen.findByRole('button', { name: 'BUY NOW' });
    await waitFor(() => expect((buy as HTMLButtonElement).disabled).toBe(false), WAIT);
    fireEvent.click(buy);
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' }, WAIT);
    await waitFor(() => expect(payButton(dialog).disabled).toBe(false), WAIT);
    fireEvent.click(payButton(dialog));
    return within(dialog).findByRole('alert', undefined, WAIT);
  }

  it('too many unpaid orders: Sorry, the message, and a link to My Orders', async () => {
    const msg = 'You have 10 unpaid orders. Pay for one or cancel it in My Orders before starting another checkout.';
    const alert = await refusedPurchase('TOO_MANY_UNPAID_ORDERS', msg);
    expect(alert.textContent).toBe(`Sorry${msg} Go to My Orders`);
    expect(within(alert).getByTestId('payment-error-my-orders').getAttribute('href')).toBe('/my/orders');
  });

  it('an out-of-stock answer says Sorry with the message naming the item', async () => {
    const msg = 'Nova Lancer is sold out.';
    const alert = await refusedPurchase('CONFLICT', msg);
    expect(alert.textContent).toBe(`Sorry${msg}`);
  });
});
