import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberCartOrder } from '../../../lib/cart-order-marker.ts';
import { useAccountStore } from '../../../lib/account-store.ts';
import { addToCart, clearCart, useCartStore } from '../../../lib/cart-store.ts';
import { boxOpening } from '../../../test/box-opening-fixture.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import CardPaymentResultPage from './card-payment-result-page.tsx';

const CODE = 'SP-7K3M9Q2XHD';
const WAIT = { timeout: 60_000 };

const order = (status: string) => ({
  error: false,
  data: {
    code: CODE, status, method: 'card', currency: 'USD',
    totalsub: 1249.2, discount: 62.46, total: 1186.74,
    totalsub_micro: '1249200000', discount_micro: '62460000', total_micro: '1186740000', discount_percent: 5,
    expires_at: '2026-11-22T02:30:00.000Z', created_at: '2026-11-22T02:00:00.000Z',
    paid_at: status === 'pending' ? null : '2026-11-22T02:01:00.000Z', fulfilled_at: null,
    lines: [
      { object: 'spaceship', id: '41', name: 'Nova Lancer', total: 2, sell_price: 499.6, sell_price_micro: '499600000' },
      { object: 'blindbox', id: 'blindbox-frontier', name: 'Frontier Blind Box', total: 1, sell_price: 250, sell_price_micro: '250000000' },
    ],
  },
});

const orderCalls = (calls: Call[]) => calls.filter((c) => c.url.includes('/api/orders/'));
const renderResult = (result: string, code = CODE) =>
  renderRoutes([page('/shop/stripe_payment/:result', <CardPaymentResultPage />)], `/shop/stripe_payment/${result}?order=${code}`);

function fillCart() {
  addToCart({
    _id: '41', object: 'spaceship', code: 'spaceship', name: 'Nova Lancer', image: '/i/41',
    rarity: 1, type: 0, sell_price: 499.6, price: 600, soldout: false,
  });
}

beforeEach(() => {
  clearCart();
  useAccountStore.setState({ status: { loggedIn: true } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAccountStore.setState({ status: { loggedIn: false }, user: null });
});

describe('card payment result', { timeout: 120_000 }, () => {
  it('waits for the confirmation while pending, asks again, then shows the purchase and empties the cart', async () => {
    // Two pending answers, then a paid one that is held back until the page has been looked at.
    let answers = 0;
    let answerPaid!: () => void;
    const paidHeld = new Promise<void>((resolve) => (answerPaid = resolve));
    const { calls } = mockFetch(async () => {
      const n = ++answers;
      if (n >= 3) await paidHeld;
      return json(200, order(n < 3 ? 'pending' : 'paid'));
    });
    fillCart();
    rememberCartOrder(CODE);
    renderResult('success');
    expect((await screen.findByTestId('card-result-waiting', undefined, WAIT)).textContent).toContain(
      'Waiting for the payment confirmation…',
    );
    // Coming back from the provider is not payment: the cart stays until the order is paid.
    // The third ask comes only after the second pending answer was read.
    await waitFor(() => expect(orderCalls(calls)).toHaveLength(3), WAIT);
    expect(screen.getByTestId('card-result-waiting')).toBeTruthy();
    expect(useCartStore.getState().itemsOnCart).toHaveLength(1);
    answerPaid();

    await screen.findByText('Item purchased successfully.', undefined, WAIT);
    expect(orderCalls(calls).length).toBeGreaterThanOrEqual(3);
    expect(orderCalls(calls)[0]!.url).toContain(`/api/orders/${CODE}`);
    expect(screen.getByTestId('card-result-code').textContent).toBe(CODE);
    expect(screen.getAllByTestId('card-result-line').map((l) => l.textContent)).toEqual([
      'Nova Lancer × 2 $499.600 each',
      'Frontier Blind Box × 1 $250.000 each',
    ]);
    expect(screen.getByTestId('card-result-total').textContent).toBe('$1,186.740');
    await waitFor(() => expect(useCartStore.getState().itemsOnCart).toHaveLength(0));
  });

  it('asks again until the paid order’s box is open, then shows the ship it gave with its proof', async () => {
    let answers = 0;
    const { calls } = mockFetch(() => {
      const paid = order('paid');
      const box = paid.data.lines[1]!;
      // The first answers come before fulfilment opened the box.
      Object.assign(box, { openings: ++answers < 3 ? [] : [boxOpening('88', 'Quasar Wisp')] });
      return json(200, paid);
    });
    renderResult('success');
    expect((await screen.findByTestId('box-openings-waiting', undefined, WAIT)).textContent).toBe(
      'Your box is being opened…',
    );
    const ship = await screen.findByTestId('box-opening-ship', undefined, WAIT);
    expect(orderCalls(calls).length).toBeGreaterThanOrEqual(3);
    expect(ship.textContent).toBe('Quasar Wisp');
    expect(screen.getByTestId('box-opening-rarity').textContent).toBe('Epic');
    expect(screen.getByRole('img', { name: 'Quasar Wisp, a Epic ship' })).toBeTruthy();
    expect(screen.getByTestId('box-opening-nonce').textContent).toBe('7');
    expect(screen.getByTestId('box-opening-verify').getAttribute('href')).toBe('/fairness/verify?opening=88');
    expect(screen.queryByTestId('box-openings-waiting')).toBeNull();
  });

  it('stops asking after the time limit and says to check later', async () => {
    const { calls } = mockFetch(() => json(200, order('pending')));
    renderRoutes(
      [page('/shop/stripe_payment/:result', <CardPaymentResultPage pollForMs={300} />)],
      `/shop/stripe_payment/success?order=${CODE}`,
    );
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('Still waiting for the payment confirmation');
    expect(alert.textContent).toContain('check your orders later');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(orderCalls(calls)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(orderCalls(calls)).toHaveLength(2), WAIT);
  });

  it('a cart order already fulfilled when first read is a purchase, and the cart is emptied', async () => {
    mockFetch(() => json(200, order('fulfilled')));
    fillCart();
    rememberCartOrder(CODE);
    renderResult('success');
    await screen.findByText('Item purchased successfully.', undefined, WAIT);
    await waitFor(() => expect(useCartStore.getState().itemsOnCart).toHaveLength(0), WAIT);
  });

  it('a cart order refunded since: says Refunded, not a purchase, and the cart it paid for is emptied', async () => {
    mockFetch(() => json(200, order('refunded')));
    fillCart();
    rememberCartOrder(CODE);
    renderResult('success');
    await screen.findByText(`Order ${CODE} was refunded.`, undefined, WAIT);
    expect(screen.queryByText('Item purchased successfully.')).toBeNull();
    await waitFor(() => expect(useCartStore.getState().itemsOnCart).toHaveLength(0), WAIT);
  });

  it('a paid order bought on its own page leaves the cart alone', async () => {
    mockFetch(() => json(200, order('fulfilled')));
    fillCart();
    renderResult('success');
    await screen.findByText('Item purchased successfully.', undefined, WAIT);
    expect(useCartStore.getState().itemsOnCart).toHaveLength(1);
  });

  it('back from a cancelled payment: unsuccessful, with the way back, and no waiting', async () => {
    const { calls } = mockFetch(() => json(200, order('pending')));
    fillCart();
    const { router } = renderResult('cancel');
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('Payment unsuccessful. Please try again.');
    expect(screen.queryByTestId('card-result-waiting')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open your cart' }));
    expect(useCartStore.getState().cartIsOpen).toBe(true);
    expect(useCartStore.getState().itemsOnCart).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/shop');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(orderCalls(calls)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/shop/stripe_payment/cancel');
  });

  it('a failed order is unsuccessful even on the success address; one ship links back to its page', async () => {
    const failed = order('failed');
    failed.data.lines = failed.data.lines.slice(0, 1);
    mockFetch(() => json(200, failed));
    renderResult('success');
    expect((await screen.findByRole('alert', undefined, WAIT)).textContent).toContain('Payment unsuccessful. Please try again.');
    expect(screen.getByRole('link', { name: 'Back to Nova Lancer' }).getAttribute('href')).toBe('/shop/41');
    expect(screen.queryByRole('button', { name: 'Open your cart' })).toBeNull();
  });

  it('a paid order is a success even on the cancel address (the order decides)', async () => {
    mockFetch(() => json(200, order('paid')));
    renderResult('cancel');
    await screen.findByText('Item purchased successfully.', undefined, WAIT);
  });

  it('an unknown order says so', async () => {
    mockFetch(() => json(404, { error: true, code: 'NOT_FOUND', msg: 'No such order.' }));
    renderResult('success');
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain('Order not found');
    expect(alert.textContent).toContain('No such order.');
  });

  it('signed out: asks to sign in and reads nothing', async () => {
    useAccountStore.setState({ status: { loggedIn: false } });
    const { calls } = mockFetch(() => json(200, order('paid')));
    renderResult('success');
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('status').textContent).toContain(`Sign in to see how the payment for order ${CODE} went`);
    expect(calls).toHaveLength(0);
  });

  it('a link without an order code says so and reads nothing', async () => {
    const { calls } = mockFetch(() => json(200, order('paid')));
    renderResult('success', 'nonsense');
    expect((await screen.findByRole('alert')).textContent).toContain('No order in this link');
    expect(calls).toHaveLength(0);
  });
});
