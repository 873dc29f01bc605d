import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@starport/schemas';
import { IDEMPOTENCY_KEY_HEADER } from '@starport/schemas/idempotency-key';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCreditAmount, useAccountStore } from '../../../lib/account-store.ts';
import { landCreditKey } from '../../../lib/land-credit.ts';
import { saveSession } from '../../../lib/session-storage.ts';
import { loadWallet } from '../../../lib/wallet/wallet-api.ts';
import { errorOf, fieldLabelled } from '../../../test/field-errors.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { topUpTermsKey } from '../api/get-top-up-terms.ts';
import { leaveForPayment } from '../model/leave-for-payment.ts';
import { setVerifyPollingForTests } from '../model/crypto-flow.ts';
import { dismissCryptoSuccess } from '../model/crypto-outcome.ts';
import { bodiesTo, FakeWallet, mockCryptoApi, PAYER, pathOf, TID, TXH } from './crypto-checkout.fixtures.ts';
import { LandCreditTopUp } from './land-credit-top-up.tsx';
import { PurchaseOutcomeOutlet } from './purchase-outcome-outlet.tsx';

// The browser leaving for the provider's page: recorded instead of navigating jsdom away.
vi.mock('../model/leave-for-payment.ts', () => ({ leaveForPayment: vi.fn() }));
// The wallet chunk (wagmi, viem) is replaced by FakeWallet; WalletError stays the real one.
vi.mock('../../../lib/wallet/wallet-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/wallet/wallet-api.ts')>()),
  loadWallet: vi.fn(),
}));

const REDIRECT = 'http://127.0.0.1:3000/sandbox/stripe/checkout/cs_topup_1';
/** A price no float sum would round to by luck: 7 × 2.345 is 16.415. */
const TERMS = {
  error: false,
  usd_per_credit: 2.345,
  usd_per_credit_micro: '2345000',
  min_quantity: 1,
  max_quantity: 100,
};
const BOUNDS_MSG = 'Enter a whole number from 1 to 100.';

const user: User = {
  id: 'u1',
  username: 'pilot',
  email: 'pilot@starport.local',
  active: true,
  avatar: null,
  walletAddress: PAYER,
  hasPassword: true,
};

type Answers = { terms?: () => Response; buy?: () => Response };

function mockApi({ terms, buy }: Answers = {}) {
  return mockFetch((call: Call) => {
    switch (pathOf(call)) {
      case '/site/setting':
        return json(200, { error: false, sale_program: 1, home_version: 1 });
      case '/api/chain/config':
        return json(200, { error: false, signInChainId: 1, chains: [], payment: null, local: false });
      case '/api/credit/topup':
        return terms ? terms() : json(200, TERMS);
      case '/api/stripe/buyTopup':
        return buy ? buy() : json(200, { error: false, msg: 'ok', data: REDIRECT, order: 'SP-7K3M9Q2XHD' });
      default:
        return json(404, { error: true, code: 'NOT_FOUND', msg: `unexpected ${call.url}` });
    }
  });
}

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
      page('/my/orders', <p>My orders</p>),
    ],
    '/assets',
  );
}

/** Top up, then the quantity dialog once the terms are read. */
async function openQuantity() {
  const opener = screen.getByRole('button', { name: 'Top up' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Top up land credit' });
  await within(dialog).findByLabelText('Land credits to buy');
  return dialog;
}

const typeQuantity = (value: string) => fireEvent.change(fieldLabelled('Land credits to buy'), { target: { value } });

/** A quantity, its Buy button, and the checkout dialog it leads to. */
async function checkoutFor(quantity: number) {
  const dialog = await openQuantity();
  typeQuantity(String(quantity));
  fireEvent.click(within(dialog).getByRole('button', { name: `Buy ${quantity} Land Credit` }));
  return screen.findByRole('dialog', { name: 'Checkout' });
}

const enabled = (element: HTMLElement) => waitFor(() => expect((element as HTMLButtonElement).disabled).toBe(false));

beforeEach(() => {
  vi.mocked(leaveForPayment).mockClear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  saveSession({ user, accessToken: 'jwt-pilot', refreshToken: 'refresh-pilot', remember: true });
  setCreditAmount(12);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useAccountStore.setState({ status: { loggedIn: false }, user: null, creditAmount: null });
});

describe('the top-up dialog', { timeout: 120_000 }, () => {
  it('shows the balance, the bounds and price from the terms, and the total and item name for the quantity', async () => {
    const { calls } = mockApi();
    renderTopUp();
    expect(screen.getByTestId('land-credit-balance').textContent).toBe('Land Credit: 12');
    const dialog = await openQuantity();
    const field = fieldLabelled('Land credits to buy');
    expect(field.value).toBe('1');
    expect([field.min, field.max]).toEqual(['1', '100']);
    expect(dialog.textContent).toContain('$2.345 per land credit; one top-up buys 1 to 100.');
    expect(within(dialog).getByTestId('top-up-total').textContent).toBe('Total: $2.345');

    typeQuantity('7');
    expect(within(dialog).getByTestId('top-up-total').textContent).toBe('Total: $16.415');
    expect(within(dialog).getByRole('button', { name: 'Buy 7 Land Credit' })).toBeTruthy();
    expect(calls.filter((c) => pathOf(c) === '/api/credit/topup')).toHaveLength(1);
  });

  it('a quantity outside the bounds, not whole, or empty is refused on the field and opens nothing', async () => {
    const { calls } = mockApi();
    renderTopUp();
    const dialog = await openQuantity();
    for (const value of ['0', '101', '2.5', '', '1e2']) {
      typeQuantity(value);
      expect(within(dialog).getByTestId('top-up-total').textContent).toBe('Total: —');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Buy Land Credit' }));
      const field = fieldLabelled('Land credits to buy');
      await waitFor(() => expect(errorOf(field)).toBe(BOUNDS_MSG));
      expect(document.activeElement).toBe(field);
    }
    // Editing the field clears its error.
    typeQuantity('100');
    expect(errorOf(fieldLabelled('Land credits to buy'))).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Checkout' })).toBeNull();
    expect(calls.map(pathOf).filter((p) => p !== '/api/credit/topup')).toEqual([]);
  });

  it('Cancel closes the dialog and gives focus back to Top up', async () => {
    mockApi();
    renderTopUp();
    const dialog = await openQuantity();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Top up' })));
  });

  it('terms that cannot be read say why and can be asked again', async () => {
    let answer = () => json(503, { error: true, code: 'UNAVAILABLE', msg: 'The top-up is not available right now.' });
    mockApi({ terms: () => answer() });
    renderTopUp();
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Top up land credit' });
    await within(dialog).findByText('The top-up is not available right now.');
    answer = () => json(200, TERMS);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByLabelText('Land credits to buy')).toBeTruthy();
  });
});

describe('paying for a top-up by card', { timeout: 120_000 }, () => {
  it('the checkout names the item and total; Pay by card opens buyTopup with the quantity and leaves for the provider', async () => {
    const { calls } = mockApi();
    renderTopUp();
    const checkout = await checkoutFor(7);
    expect(within(checkout).getByText('Buy 7 Land Credit')).toBeTruthy();
    expect(within(checkout).getByTestId('checkout-price').textContent).toBe('$16.415');
    const pay = within(checkout).getByRole('button', { name: 'Pay by card' });
    await enabled(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(vi.mocked(leaveForPayment)).toHaveBeenCalledWith(REDIRECT));
    const buys = calls.filter((c) => pathOf(c) === '/api/stripe/buyTopup');
    expect(buys.map((c) => c.body)).toEqual([{ quantity: 7 }]);
    expect(buys[0]!.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    // Neither the cart's pricing call nor its stock check: the server prices a top-up itself.
    expect(calls.map(pathOf)).not.toContain('/api/getprice');
    expect(calls.map(pathOf)).not.toContain('/api/shop_payment/stock_validate');
  });

  it('a refusal (bounds changed since) shows the server’s sentence and marks the terms to be read again', async () => {
    const msg = 'A top-up buys 1 to 5 land credits.';
    mockApi({ buy: () => json(400, { error: true, code: 'BAD_REQUEST', msg }) });
    const { queryClient } = renderTopUp();
    const checkout = await checkoutFor(7);
    const pay = within(checkout).getByRole('button', { name: 'Pay by card' });
    await enabled(pay);
    fireEvent.click(pay);
    expect(await within(checkout).findByText(msg)).toBeTruthy();
    expect(vi.mocked(leaveForPayment)).not.toHaveBeenCalled();
    // Read again when the quantity dialog opens next.
    expect(queryClient.getQueryState(topUpTermsKey)?.isInvalidated).toBe(true);
  });

  it('Cancel in the checkout gives focus back to Top up', async () => {
    mockApi();
    renderTopUp();
    const checkout = await checkoutFor(3);
    fireEvent.click(within(checkout).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Top up' })));
  });
});

describe('paying for a top-up in cryptocurrency', { timeout: 120_000 }, () => {
  beforeEach(() => {
    vi.mocked(loadWallet).mockReset();
    vi.mocked(loadWallet).mockResolvedValue(new FakeWallet());
    setVerifyPollingForTests({ everyMs: 20, forMs: 2_000 });
    dismissCryptoSuccess();
  });
  afterEach(() => setVerifyPollingForTests(null));

  it('opens the credit call with the quantity, verifies there, reports each step, says Payment completed. and reads the balance again', async () => {
    const { calls } = mockCryptoApi({ other: (path) => (path === '/api/credit/topup' ? json(200, TERMS) : undefined) });
    const { queryClient } = renderTopUp();
    queryClient.setQueryData(landCreditKey, { error: false, amount: 12 });
    const checkout = await checkoutFor(4);
    const choice = within(checkout).getByTestId('checkout-choice-crypto');
    await enabled(choice);
    fireEvent.click(choice);
    const pay = within(checkout).getByRole('button', { name: 'Pay with cryptocurrency' });
    await enabled(pay);
    fireEvent.click(pay);

    const success = await screen.findByTestId('crypto-success-dialog');
    expect(screen.getByRole('dialog', { name: 'Payment completed.' })).toBe(success.closest('[role="dialog"]'));
    expect(bodiesTo(calls, '/api/credit/payment/eth_crypto')).toEqual([{ quantity: 4 }]);
    expect(bodiesTo(calls, '/api/credit/payment/eth_crypto/verify')).toEqual([
      { tid: TID, txh: TXH, from_wallet: PAYER },
    ]);
    // The shop's step log, under the top-up's payment tid.
    const reports = bodiesTo(calls, '/api/payment/eth_crypto/status') as Array<{ tid: string; step: unknown }>;
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.every((r) => r.tid === TID)).toBe(true);
    expect(calls.map(pathOf)).not.toContain('/api/payment/eth_crypto');
    expect(queryClient.getQueryState(landCreditKey)?.isInvalidated).toBe(true);
  });
});
