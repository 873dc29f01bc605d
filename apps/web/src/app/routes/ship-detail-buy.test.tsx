import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveForPayment } from '../../features/checkout/model/leave-for-payment.ts';
import { useAccountStore } from '../../lib/account-store.ts';
import { json, mockFetch, type Call } from '../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import ShipDetailPage from './ship-detail-page.tsx';

// The browser leaving for the provider's page: recorded instead of navigating jsdom away.
vi.mock('../../features/checkout/model/leave-for-payment.ts', () => ({ leaveForPayment: vi.fn() }));

const WAIT = { timeout: 60_000 };
const REDIRECT = 'http://127.0.0.1:3000/sandbox/stripe/checkout/cs_sandbox_1';

const listing = (status = 'listed') => ({
  _id: '7001',
  name: 'Nova Lancer',
  type: 'spaceship',
  kind: 'ship',
  price: 1000,
  sell_price: 480.25,
  price_micro: '1000000000',
  sell_price_micro: '480250000',
  minted: false,
  status,
  listed_at: '2026-11-01T00:00:00.000Z',
  sold_at: null,
  price_history: [],
  more_from_collection: [],
  item: {
    _id: 's1',
    name: 'Nova Lancer',
    element: 0,
    rarity: 1,
    image: '/images/v1/ship/0-1-7',
    description: 'A fast hull.',
    element_name: 'Human',
    rarity_name: 'Rare',
    team_name: 'Earth Fleet',
    team_description: 'Humans.',
    legendary_serial: null,
    health: 900,
    healing: 41,
    gun_damage: 77,
    rocket_damage: 310,
    defense: 55,
    afterburner: 12,
    rocket_recharge_time: 4200,
    rocket_fire_rate: 6,
    rocket_re_time: 4200,
    attack: 77,
    defender: 55,
  },
});

function mockApi(o: { status?: string; buy?: () => Response; wertio?: () => Response } = {}) {
  return mockFetch((call: Call) => {
    if (call.url.endsWith('/api/marketplace/item/7001')) return json(200, { error: false, item: listing(o.status) });
    if (call.url.endsWith('/site/setting')) return json(200, { error: false, sale_program: 1, home_version: 1 });
    if (call.url.endsWith('/api/stripe/buy')) {
      return o.buy ? o.buy() : json(200, { error: false, msg: 'ok', data: REDIRECT, order: 'SP-7K3M9Q2XHD' });
    }
    if (call.url.endsWith('/api/payment/wertio') && o.wertio) return o.wertio();
    return json(404, { error: true, code: 'NOT_FOUND', msg: `unexpected ${call.url}` });
  });
}

const callsTo = (calls: Call[], path: string) => calls.filter((c) => c.url.endsWith(path));

async function pressBuyNow() {
  renderRoutes([page('/detail/:id', <ShipDetailPage />)], '/detail/7001');
  const buy = (await screen.findByRole('button', { name: 'BUY NOW' }, WAIT)) as HTMLButtonElement;
  await waitFor(() => expect(buy.disabled).toBe(false), WAIT);
  fireEvent.click(buy);
}

const payButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Pay by card' }) as HTMLButtonElement;

beforeEach(() => {
  vi.mocked(leaveForPayment).mockClear();
  useAccountStore.setState({ status: { loggedIn: true } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAccountStore.setState({ status: { loggedIn: false }, user: null });
});

describe('BUY NOW on a marketplace ship page', { timeout: 120_000 }, () => {
  it('opens checkout at the listing price and buys the listing by card, then leaves for the provider', async () => {
    const { calls } = mockApi();
    await pressBuyNow();
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' }, WAIT);
    expect(within(dialog).getByText('Nova Lancer')).toBeTruthy();
    expect(within(dialog).getByTestId('checkout-price').textContent).toBe('$480.250');
    // The shop item page's choice: the card provider (default) or the Wert widget.
    const radio = (name: string) => within(dialog).getByRole('radio', { name }) as HTMLInputElement;
    expect(radio('Card payment provider').checked).toBe(true);
    expect(radio('Wert (fiat-to-crypto widget)').checked).toBe(false);
    await waitFor(() => expect(payButton(dialog).disabled).toBe(false), WAIT);
    fireEvent.click(payButton(dialog));
    await waitFor(() => expect(vi.mocked(leaveForPayment)).toHaveBeenCalledWith(REDIRECT), WAIT);
    expect(callsTo(calls, '/api/stripe/buy').map((c) => c.body)).toEqual([
      { type: 2, items: [{ id: '7001', object: 'listing', total: 1, price_micro: '480250000' }] },
    ]);
    // One listing is priced by the page, not the cart's pricing call, and has no stock check.
    expect(callsTo(calls, '/api/getprice')).toHaveLength(0);
    expect(callsTo(calls, '/api/shop_payment/stock_validate')).toHaveLength(0);
  });

  it('someone else got it first: Sorry with the server’s 409 message, and the browser stays', async () => {
    const msg = 'This item is no longer for sale.';
    mockApi({ buy: () => json(409, { error: true, code: 'CONFLICT', msg }) });
    await pressBuyNow();
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' }, WAIT);
    await waitFor(() => expect(payButton(dialog).disabled).toBe(false), WAIT);
    fireEvent.click(payButton(dialog));
    const alert = await within(dialog).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toBe(`Sorry${msg}`);
    expect(vi.mocked(leaveForPayment)).not.toHaveBeenCalled();
  });

  it('the seller changed the price: the 409 sentence with the new price is shown, and the page shows the new price', async () => {
    const msg = 'The seller changed the price of this item to $520.000. Check the new price and buy again.';
    let changed = false;
    const { calls } = mockFetch((call: Call) => {
      if (call.url.endsWith('/api/marketplace/item/7001')) {
        const item = changed ? { ...listing(), sell_price: 520, sell_price_micro: '520000000' } : listing();
        return json(200, { error: false, item });
      }
      if (call.url.endsWith('/site/setting')) return json(200, { error: false, sale_program: 1, home_version: 1 });
      if (call.url.endsWith('/api/stripe/buy')) {
        changed = true;
        return json(409, { error: true, code: 'CONFLICT', msg });
      }
      return json(404, { error: true, code: 'NOT_FOUND', msg: `unexpected ${call.url}` });
    });
    await pressBuyNow();
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' }, WAIT);
    await waitFor(() => expect(payButton(dialog).disabled).toBe(false), WAIT);
    fireEvent.click(payButton(dialog));
    const alert = await within(dialog).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toBe(`Sorry${msg}`);
    expect(callsTo(calls, '/api/stripe/buy').map((c) => (c.body as { items: unknown[] }).items)).toEqual([
      [{ id: '7001', object: 'listing', total: 1, price_micro: '480250000' }],
    ]);
    // The item is read again, so the page behind the dialog shows the price the seller set.
    await waitFor(() => expect(callsTo(calls, '/api/marketplace/item/7001').length).toBeGreaterThan(1), WAIT);
    await waitFor(() => expect(screen.getAllByText('$520.000').length).toBeGreaterThan(0), WAIT);
    expect(vi.mocked(leaveForPayment)).not.toHaveBeenCalled();
  });

  it('Wert: the notice’s PROCEED asks for the listing’s widget payment; their own listing says Sorry with the 403', async () => {
    const msg = 'This is your own listing: you cannot buy it.';
    const { calls } = mockApi({ wertio: () => json(403, { error: true, code: 'FORBIDDEN', msg }) });
    await pressBuyNow();
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' }, WAIT);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Wert (fiat-to-crypto widget)' }));
    const wert = within(dialog).getByRole('button', { name: 'Pay with Wert' }) as HTMLButtonElement;
    await waitFor(() => expect(wert.disabled).toBe(false), WAIT);
    fireEvent.click(wert);
    const notice = await screen.findByRole('dialog', { name: 'Wert payment' }, WAIT);
    fireEvent.click(within(notice).getByRole('button', { name: 'PROCEED' }));
    const alert = await within(notice).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toBe(`Sorry${msg}`);
    expect(callsTo(calls, '/api/payment/wertio').map((c) => c.body)).toEqual([
      { id: '7001', object: 'listing', price_micro: '480250000' },
    ]);
    expect(callsTo(calls, '/api/stripe/buy')).toHaveLength(0);
    expect(callsTo(calls, '/api/getprice')).toHaveLength(0);
  });

  it('signed out: the spec’s sign-in notice, and no payment is asked for', async () => {
    useAccountStore.setState({ status: { loggedIn: false } });
    const { calls } = mockApi();
    await pressBuyNow();
    const notice = await screen.findByRole('status', undefined, WAIT);
    expect(notice.textContent).toContain('To initiate payment process, please log into your account.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(calls, '/api/stripe/buy')).toHaveLength(0);
  });

  it('a listing held by another buyer’s order cannot be bought', async () => {
    mockApi({ status: 'reserved' });
    renderRoutes([page('/detail/:id', <ShipDetailPage />)], '/detail/7001');
    const buy = (await screen.findByRole('button', { name: 'BUY NOW' }, WAIT)) as HTMLButtonElement;
    expect(buy.disabled).toBe(true);
    expect(screen.getByText('This ship is no longer for sale.')).toBeTruthy();
  });
});
