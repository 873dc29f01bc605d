// Over 300 lines: the crypto checkout journey's every outcome, sharing one test wallet and one mounted cart.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@starport/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCart, clearCart, useCartStore, type NewCartItem } from '../../lib/cart-store.ts';
import { saveSession } from '../../lib/session-storage.ts';
import { loadWallet, WalletError } from '../../lib/wallet/wallet-api.ts';
import { json, type Call } from '../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import { CartPanelWithCheckout } from './cart-checkout.tsx';
import { BuyNow } from '../../features/checkout/components/buy-now.tsx';
import {
  bodiesTo,
  CHAIN,
  EXPLORER_TX,
  FakeWallet,
  gate,
  mockCryptoApi,
  OTHER_ACCOUNT,
  PAYER,
  pathOf,
  quote,
  REPLACEMENT_TXH,
  stepsReported,
  TID,
  TOKEN,
  TREASURY,
  TXH,
  verdict,
} from '../../features/checkout/components/crypto-checkout.fixtures.ts';
import { setVerifyPollingForTests } from '../../features/checkout/model/crypto-flow.ts';
import { dismissCryptoSuccess } from '../../features/checkout/model/crypto-outcome.ts';
import { PurchaseOutcomeOutlet } from '../../features/checkout/components/purchase-outcome-outlet.tsx';

// The wallet chunk (wagmi, viem) is replaced by FakeWallet; WalletError stays the real one.
vi.mock('../../lib/wallet/wallet-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/wallet/wallet-api.ts')>()),
  loadWallet: vi.fn(),
}));

const WAIT = { timeout: 60_000 };
const STATUS = '/api/payment/eth_crypto/status';
const LINK_WALLET = 'Link a wallet to your account to pay with crypto.';

const ship: NewCartItem = {
  _id: '41',
  object: 'spaceship',
  code: 'spaceship',
  name: 'Nova Lancer',
  image: '/i/41',
  rarity: 1,
  type: 0,
  sell_price: 118.75,
  price: 150,
  soldout: false,
};
const shopItem = { id: 'shop1', object: 'spaceship' as const, name: 'Nova Lancer', sell_price: 237.5 };
const listing = { id: '7001', name: 'Vega Corsair', sell_price: 237.5, sell_price_micro: '237500000' };

const user = (walletAddress: string | null): User => ({
  id: 'u1',
  username: 'pilot',
  email: 'pilot@starport.local',
  active: true,
  avatar: null,
  walletAddress,
  hasPassword: true,
});

let wallet: FakeWallet;

const outlet = <PurchaseOutcomeOutlet />;
function renderFrom(from: 'cart' | 'item' | 'listing') {
  if (from === 'cart') {
    addToCart(ship);
    addToCart(ship);
  }
  const body =
    from === 'cart' ? (
      <CartPanelWithCheckout />
    ) : from === 'item' ? (
      <BuyNow unavailable={null} checkout={shopItem} />
    ) : (
      <BuyNow unavailable={null} listing={listing} />
    );
  return renderRoutes(
    [
      page(
        '/',
        <>
          {body}
          {outlet}
        </>,
      ),
      page('/connect_wallet', <p>Link your wallet</p>),
      page('/my/orders', <p>My orders</p>),
    ],
    '/',
  );
}

const enabled = (element: HTMLElement) =>
  waitFor(() => expect((element as HTMLButtonElement | HTMLInputElement).disabled).toBe(false), WAIT);

/** Checkout (or BUY NOW), the Cryptocurrency choice, Pay with cryptocurrency: the payment dialog. */
async function payWithCrypto(from: 'cart' | 'item' | 'listing') {
  const opener = await screen.findByRole('button', { name: from === 'cart' ? 'Checkout' : 'BUY NOW' }, WAIT);
  await enabled(opener);
  fireEvent.click(opener);
  const checkout = await screen.findByRole('dialog', { name: 'Checkout' }, WAIT);
  const choice = within(checkout).getByTestId('checkout-choice-crypto');
  await enabled(choice);
  fireEvent.click(choice);
  const pay = within(checkout).getByRole('button', { name: 'Pay with cryptocurrency' });
  await enabled(pay);
  fireEvent.click(pay);
  return screen.findByTestId('crypto-payment-dialog', undefined, WAIT);
}

const phaseOf = (dialog: HTMLElement) => dialog.getAttribute('data-phase');
const untilPhase = (dialog: HTMLElement, phase: string) => waitFor(() => expect(phaseOf(dialog)).toBe(phase), WAIT);
const stepText = () =>
  `${screen.getByTestId('crypto-step-title').textContent} / ${screen.getByTestId('crypto-step-text').textContent}`;

/** Whether leaving the page now would be questioned (a beforeunload handler cancels the event). */
function leavingIsWarned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

async function failureOf(dialog: HTMLElement) {
  await untilPhase(dialog, 'failed');
  return within(dialog).getByTestId('crypto-error');
}

const reportsOf = (calls: Call[]) =>
  bodiesTo(calls, STATUS) as Array<{
    tid: string;
    step: number | string;
    content?: string;
    payload?: Record<string, unknown>;
  }>;

/** Leave handlers still installed when a test ends (it failed mid-payment) must not leak into the next. */
let leaveHandlers: Array<[string, EventListenerOrEventListenerObject]> = [];

beforeEach(() => {
  leaveHandlers = [];
  const add = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type: string, listener, options) => {
    if (type === 'beforeunload' || type === 'pagehide') leaveHandlers.push([type, listener]);
    add(type, listener, options);
  });
  clearCart();
  dismissCryptoSuccess();
  wallet = new FakeWallet();
  vi.mocked(loadWallet).mockReset();
  vi.mocked(loadWallet).mockResolvedValue(wallet);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  saveSession({ user: user(PAYER), accessToken: 'jwt-pilot', refreshToken: 'refresh-pilot', remember: true });
  setVerifyPollingForTests({ everyMs: 20, forMs: 2_000 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  for (const [type, listener] of leaveHandlers) window.removeEventListener(type, listener);
  setVerifyPollingForTests(null);
});

describe('paying in cryptocurrency', { timeout: 120_000 }, () => {
  it('cart: quote, wallet, network, transfer, validation; every step reported in order; success; cart emptied', async () => {
    const { calls, fn } = mockCryptoApi({
      verify: [() => json(200, verdict('verifying', 'Blockchain transfer success. Please wait.'))],
      poll: [() => json(200, verdict('verifying')), () => json(200, verdict('paid'))],
    });
    const switching = gate();
    const sending = gate();
    wallet.holdSwitch = switching.promise;
    wallet.holdSend = sending.promise;
    renderFrom('cart');
    const dialog = await payWithCrypto('cart');

    // The stock check comes first, then the quote for the cart's lines.
    const lines = [{ id: '41', total: 2, object: 'spaceship' }];
    expect(bodiesTo(calls, '/api/shop_payment/stock_validate')).toEqual([{ ids: lines }]);
    await waitFor(() => expect(bodiesTo(calls, '/api/shop_payment/eth_crypto')).toEqual([{ ids: lines }]), WAIT);

    await untilPhase(dialog, 'switching');
    expect(stepText()).toBe('Please Wait / Payment transaction started');
    expect(within(dialog).getByTestId('crypto-amount').textContent).toBe(`Pay 237.500000 USDC to ${TREASURY}`);
    expect(wallet.asked).toEqual(['connect:browser', `switch:${CHAIN.id}`]);
    expect(leavingIsWarned()).toBe(false);
    switching.open();

    await untilPhase(dialog, 'sending');
    expect(stepText()).toBe(
      'Transaction Processing ... / IMPORTANT! Please do not close this and check metamask popup!',
    );
    expect(leavingIsWarned()).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    sending.open();

    const success = await screen.findByTestId('crypto-success-dialog', undefined, WAIT);
    expect(wallet.sent).toEqual([{ chain: CHAIN, token: TOKEN, to: TREASURY, amount: 237_500_000n }]);
    expect(bodiesTo(calls, '/api/shop_payment/eth_crypto/verify')).toEqual([
      { tid: TID, txh: TXH, from_wallet: PAYER },
    ]);
    expect(calls.filter((c) => pathOf(c) === `/api/payment/eth_crypto/${TID}`)).toHaveLength(2);
    expect(stepsReported(calls)).toEqual([
      'SWITCH_CHAIN_CHECK_NETWORK',
      'SHOW_PAYMENT_DIALOG',
      20,
      'SEND_TRANSACTION',
      30,
      40,
      'VERIFY_TRANSACTION_RESULT',
    ]);
    const reports = reportsOf(calls);
    expect(new Set(reports.map((r) => r.tid))).toEqual(new Set([TID]));
    expect(reports.find((r) => r.step === 'SEND_TRANSACTION')).toMatchObject({ result: { txh: TXH } });
    expect(calls.filter((c) => pathOf(c) === STATUS).every((c) => c.headers.Authorization === 'Bearer jwt-pilot')).toBe(
      true,
    );

    expect(screen.getByRole('dialog', { name: 'Purchased successfully.' })).toBeTruthy();
    expect(success.ownerDocument.body.textContent).toContain(
      'Congratulations! Your transaction has been completed and confirmed by the blockchain.',
    );
    expect(within(success).getByTestId('crypto-invoice-code').textContent).toBe(TID);
    const explorer = within(success).getByTestId('crypto-explorer-link');
    expect(explorer.getAttribute('href')).toBe(EXPLORER_TX);
    expect(explorer.textContent).toBe('View transaction, opens in a new tab');
    expect(useCartStore.getState().itemsOnCart).toEqual([]);
    expect(screen.queryByTestId('crypto-payment-dialog')).toBeNull();
    expect(leavingIsWarned()).toBe(false);
    // Nothing left the page early: no keepalive report.
    expect(fn.mock.calls.some(([, init]) => init?.keepalive)).toBe(false);
  });

  it('a shop item from its page: its own calls, a spaceship success, and the cart left alone', async () => {
    const { calls } = mockCryptoApi();
    addToCart(ship);
    renderRoutes(
      [
        page(
          '/',
          <>
            <BuyNow unavailable={null} checkout={shopItem} />
            {outlet}
          </>,
        ),
      ],
      '/',
    );
    await payWithCrypto('item');
    const success = await screen.findByTestId('crypto-success-dialog', undefined, WAIT);
    expect(screen.getByRole('dialog', { name: 'Spaceship purchased successfully.' })).toBe(
      success.closest('[role="dialog"]'),
    );
    expect(bodiesTo(calls, '/api/payment/eth_crypto')).toEqual([{ id: 'shop1', object: 'spaceship' }]);
    expect(bodiesTo(calls, '/api/payment/eth_crypto/verify')).toEqual([{ tid: TID, txh: TXH, from_wallet: PAYER }]);
    expect(bodiesTo(calls, '/api/shop_payment/stock_validate')).toEqual([]);
    expect(useCartStore.getState().itemsOnCart).toHaveLength(1);
  });

  it('a marketplace listing: buy_session and its verify, the invoice code and the explorer link', async () => {
    const { calls } = mockCryptoApi({
      start: () => json(200, { ...quote(), contractAddress: TOKEN, contractAbi: [] }),
    });
    renderFrom('listing');
    await payWithCrypto('listing');
    const success = await screen.findByTestId('crypto-success-dialog', undefined, WAIT);
    expect(bodiesTo(calls, '/api/marketplace/buy_session')).toEqual([{ id: '7001', price_micro: '237500000' }]);
    expect(bodiesTo(calls, '/api/marketplace/buy_session/verify')).toEqual([
      { tid: TID, txh: TXH, from_wallet: PAYER },
    ]);
    expect(within(success).getByTestId('crypto-invoice-code').textContent).toBe(TID);
    expect(within(success).getByTestId('crypto-explorer-link').getAttribute('href')).toBe(EXPLORER_TX);
    expect(within(success).getByTestId('crypto-explorer-link').getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('closing the page mid-payment is warned about and reported as CLOSE_BROWSER, with keepalive and the token', async () => {
    const { fn } = mockCryptoApi();
    const sending = gate();
    wallet.holdSend = sending.promise;
    renderFrom('item');
    const dialog = await payWithCrypto('item');
    await untilPhase(dialog, 'sending');
    expect(leavingIsWarned()).toBe(true);
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    const leaving = fn.mock.calls.filter(([, init]) => init?.keepalive === true);
    expect(leaving).toHaveLength(1);
    const [url, init] = leaving[0]!;
    expect(pathOf({ url: String(url) } as Call)).toBe(STATUS);
    expect(init!.method).toBe('POST');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer jwt-pilot');
    expect(JSON.parse(String(init!.body))).toMatchObject({
      tid: TID,
      step: 'CLOSE_BROWSER',
      content: 'User close browser',
    });
    sending.open();
    await screen.findByTestId('crypto-success-dialog', undefined, WAIT);
    expect(leavingIsWarned()).toBe(false);
  });
});

describe('when the wallet says no', { timeout: 120_000 }, () => {
  it('no wallet in the browser: step 11 and the install text, nothing sent', async () => {
    const { calls } = mockCryptoApi();
    wallet.installed = false;
    renderFrom('item');
    const dialog = await payWithCrypto('item');
    const error = await failureOf(dialog);
    expect(error.textContent).toContain('Please install Metamask and connect your wallet');
    expect(stepsReported(calls)).toEqual([11]);
    expect(wallet.asked).toEqual([]);
    expect(bodiesTo(calls, '/api/payment/eth_crypto/verify')).toEqual([]);
  });

  it('access refused: step 12 and the refusal text', async () => {
    const { calls } = mockCryptoApi();
    wallet.connectError = new WalletError(
      'refused',
      'User denied web3 access. Please install Metamask and connect your wallet',
    );
    renderFrom('cart');
    const dialog = await payWithCrypto('cart');
    const error = await failureOf(dialog);
    expect(error.textContent).toContain('User denied web3 access. Please install Metamask and connect your wallet');
    expect(stepsReported(calls)).toEqual([12]);
    expect(wallet.sent).toEqual([]);
    // Nothing was sent: the player may go back and choose again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Checkout' }, WAIT)).toBeTruthy();
  });

  it('another account than the linked wallet: stopped before anything is sent', async () => {
    const { calls } = mockCryptoApi();
    wallet.gives = OTHER_ACCOUNT;
    renderFrom('item');
    const dialog = await payWithCrypto('item');
    const error = await failureOf(dialog);
    expect(error.textContent).toContain('This is not the wallet linked to your account');
    expect(error.textContent).toContain(PAYER);
    expect(stepsReported(calls)).toEqual([12]);
    expect(wallet.asked).toEqual(['connect:browser']);
  });

  it('the wallet does not send: step 21, Transaction error! with its message, the leave warning removed', async () => {
    const { calls } = mockCryptoApi();
    wallet.sendError = new WalletError('send_failed', 'Your wallet did not send the transaction: insufficient funds');
    renderFrom('cart');
    const dialog = await payWithCrypto('cart');
    const error = await failureOf(dialog);
    expect(within(error).getByRole('alert').textContent).toBe(
      'Transaction error!Your wallet did not send the transaction: insufficient funds',
    );
    expect(stepsReported(calls)).toEqual(['SWITCH_CHAIN_CHECK_NETWORK', 'SHOW_PAYMENT_DIALOG', 20, 21]);
    expect(bodiesTo(calls, '/api/shop_payment/eth_crypto/verify')).toEqual([]);
    expect(leavingIsWarned()).toBe(false);
    expect(useCartStore.getState().itemsOnCart).toHaveLength(1);
  });

  it('the transfer reverts: step 22, Transaction error! with the hash, handed over once and never shown as paid', async () => {
    const { calls } = mockCryptoApi();
    wallet.receipt = 'reverted';
    renderFrom('listing');
    const dialog = await payWithCrypto('listing');
    const error = await failureOf(dialog);
    expect(error.textContent).toContain('Transaction error!');
    expect(within(error).getByTestId('crypto-tx-hash').textContent).toBe(TXH);
    expect(stepsReported(calls)).toEqual([
      'SWITCH_CHAIN_CHECK_NETWORK',
      'SHOW_PAYMENT_DIALOG',
      20,
      'SEND_TRANSACTION',
      22,
    ]);
    // Handed over before its receipt (the server fails it from the same receipt), and only once.
    expect(bodiesTo(calls, '/api/marketplace/buy_session/verify')).toEqual([
      { tid: TID, txh: TXH, from_wallet: PAYER },
    ]);
    expect(screen.queryByTestId('crypto-success-dialog')).toBeNull();
    expect(leavingIsWarned()).toBe(false);
    // A sent transfer is not paid again from here.
    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('closed before sending: the wallet is never asked to send, and step 12 says so', async () => {
    const { calls } = mockCryptoApi();
    const connecting = gate();
    wallet.holdConnect = connecting.promise;
    renderFrom('item');
    const dialog = await payWithCrypto('item');
    await untilPhase(dialog, 'connecting');
    expect(screen.getByTestId('crypto-step-hint').textContent).toBe('Confirm the connection in your wallet.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('crypto-payment-dialog')).toBeNull();
    connecting.open();
    await waitFor(() => expect(stepsReported(calls)).toEqual([12]), WAIT);
    expect(wallet.asked).toEqual(['connect:browser']);
  });
});

describe('handing the transfer to the server', { timeout: 120_000 }, () => {
  it('the hash goes to …/verify as soon as the wallet sent it, while the receipt is still awaited', async () => {
    const { calls } = mockCryptoApi({ verify: [() => json(200, verdict('verifying'))] });
    const receipt = gate();
    wallet.holdReceipt = receipt.promise;
    renderFrom('cart');
    const dialog = await payWithCrypto('cart');
    await waitFor(
      () =>
        expect(bodiesTo(calls, '/api/shop_payment/eth_crypto/verify')).toEqual([
          { tid: TID, txh: TXH, from_wallet: PAYER },
        ]),
      WAIT,
    );
    // Still waiting for the receipt: a tab closed now leaves the server with the hash anyway.
    expect(wallet.asked).toContain(`receipt:${TXH}`);
    expect(phaseOf(dialog)).toBe('sending');
    expect(stepsReported(calls)).toEqual(['SWITCH_CHAIN_CHECK_NETWORK', 'SHOW_PAYMENT_DIALOG', 20, 'SEND_TRANSACTION']);
    expect(leavingIsWarned()).toBe(true);

    receipt.open();
    await screen.findByTestId('crypto-success-dialog', undefined, WAIT);
    expect(stepsReported(calls)).toEqual([
      'SWITCH_CHAIN_CHECK_NETWORK',
      'SHOW_PAYMENT_DIALOG',
      20,
      'SEND_TRANSACTION',
      30,
      40,
      'VERIFY_TRANSACTION_RESULT',
    ]);
    expect(bodiesTo(calls, '/api/shop_payment/eth_crypto/verify')).toHaveLength(1);
    expect(leavingIsWarned()).toBe(false);
  });

  it('a receipt the wallet never gives: the server, which has the hash, decides once the wait is over', async () => {
    setVerifyPollingForTests({ everyMs: 20, forMs: 300 });
    const { calls } = mockCryptoApi({
      verify: [() => json(200, verdict('verifying'))],
      poll: [() => json(200, verdict('paid'))],
    });
    wallet.holdReceipt = new Promise<void>(() => {});
    renderFrom('item');
    await payWithCrypto('item');
    await screen.findByTestId('crypto-success-dialog', undefined, WAIT);
    expect(bodiesTo(calls, '/api/payment/eth_crypto/verify')).toEqual([{ tid: TID, txh: TXH, from_wallet: PAYER }]);
    // Step 30 says the browser did not see it mined; the server's word is what paid.
    expect(reportsOf(calls).find((r) => r.step === 30)).toMatchObject({ payload: { txh: TXH }, result: 'unknown' });
    expect(stepsReported(calls).slice(-2)).toEqual([40, 'VERIFY_TRANSACTION_RESULT']);
  });

  it('a transfer sped up in the wallet: the mined hash is handed over after the first, and it pays', async () => {
    const { calls } = mockCryptoApi({
      verify: [() => json(200, verdict('verifying')), () => json(200, verdict('paid'))],
    });
    wallet.minedAs = REPLACEMENT_TXH;
    renderFrom('listing');
    await payWithCrypto('listing');
    await screen.findByTestId('crypto-success-dialog', undefined, WAIT);
    expect(bodiesTo(calls, '/api/marketplace/buy_session/verify')).toEqual([
      { tid: TID, txh: TXH, from_wallet: PAYER },
      { tid: TID, txh: REPLACEMENT_TXH, from_wallet: PAYER },
    ]);
    expect(reportsOf(calls).find((r) => r.step === 30)).toMatchObject({
      payload: { txh: REPLACEMENT_TXH, replaced: TXH },
      result: 'success',
    });
    expect(stepsReported(calls).slice(-3)).toEqual([30, 40, 'VERIFY_TRANSACTION_RESULT']);
    expect(leavingIsWarned()).toBe(false);
  });

  it('a transfer cancelled in the wallet: step 22, Transaction error! saying so, the cancellation handed over', async () => {
    const { calls } = mockCryptoApi({ verify: [() => json(200, verdict('verifying'))] });
    wallet.receipt = 'cancelled';
    wallet.minedAs = REPLACEMENT_TXH;
    renderFrom('item');
    const dialog = await payWithCrypto('item');
    const error = await failureOf(dialog);
    expect(error.textContent).toContain('Transaction error!');
    expect(within(error).getByTestId('crypto-error-message').textContent).toBe(
      'The transfer was cancelled in your wallet (replaced by a transaction that moves nothing), so nothing was paid. Please start again.',
    );
    expect(within(error).getByTestId('crypto-tx-hash').textContent).toBe(REPLACEMENT_TXH);
    expect(stepsReported(calls)).toEqual([
      'SWITCH_CHAIN_CHECK_NETWORK',
      'SHOW_PAYMENT_DIALOG',
      20,
      'SEND_TRANSACTION',
      22,
    ]);
    expect(reportsOf(calls).at(-1)).toMatchObject({ payload: { txh: REPLACEMENT_TXH, replaced: TXH } });
    // The server learns of the cancellation at once and can close the order instead of waiting for the first hash.
    await waitFor(
      () =>
        expect(bodiesTo(calls, '/api/payment/eth_crypto/verify')).toEqual([
          { tid: TID, txh: TXH, from_wallet: PAYER },
          { tid: TID, txh: REPLACEMENT_TXH, from_wallet: PAYER },
        ]),
      WAIT,
    );
    expect(phaseOf(dialog)).toBe('failed');
    expect(screen.queryByTestId('crypto-success-dialog')).toBeNull();
    expect(leavingIsWarned()).toBe(false);
  });
});

describe('what is never sent', { timeout: 120_000 }, () => {
  it('a quote that expired while the wallet was asked: step 21 and nothing sent', async () => {
    const { calls } = mockCryptoApi({
      start: () => json(200, quote({ expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() })),
    });
    const switching = gate();
    wallet.holdSwitch = switching.promise;
    renderFrom('item');
    const dialog = await payWithCrypto('item');
    await untilPhase(dialog, 'switching');
    // The wallet took longer than the quote lives: move the clock past it (only Date; timers run).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    switching.open();
    const error = await failureOf(dialog);
    expect(within(error).getByTestId('crypto-error-message').textContent).toBe(
      'This payment expired before it was sent. Please start again.',
    );
    expect(stepsReported(calls)).toEqual(['SWITCH_CHAIN_CHECK_NETWORK', 'SHOW_PAYMENT_DIALOG', 20, 21]);
    expect(wallet.asked).not.toContain('send');
  });

  it('a quote a wallet cannot send (no amount) is refused before the wallet is opened', async () => {
    const { calls } = mockCryptoApi({ start: () => json(200, quote({ amountBase: '0' })) });
    renderFrom('item');
    const dialog = await payWithCrypto('item');
    const error = await failureOf(dialog);
    expect(error.textContent).toContain('Crypto payments are not available right now.');
    expect(vi.mocked(loadWallet)).not.toHaveBeenCalled();
    expect(stepsReported(calls)).toEqual(['SWITCH_CHAIN_CHECK_NETWORK']);
  });

  it('an explorer address that is not a web address is not offered as a link', async () => {
    mockCryptoApi({ verify: [() => json(200, { ...verdict('paid'), explorerTxUrl: 'javascript:alert(1)' })] });
    renderFrom('item');
    await payWithCrypto('item');
    const success = await screen.findByTestId('crypto-success-dialog', undefined, WAIT);
    expect(within(success).getByTestId('crypto-invoice-code').textContent).toBe(TID);
    expect(within(success).queryByTestId('crypto-explorer-link')).toBeNull();
  });
});

describe('when the server says no', { timeout: 120_000 }, () => {
  it.each([
    ['failed', 'This transfer did not go to our payment address, so it cannot pay for this order.'],
    [
      'review',
      'Your payment arrived after the order had expired. It was received and will be reviewed: please contact us.',
    ],
  ] as const)(
    'verification %s: step 41, the verification text with the server message and the transaction hash',
    async (status, msg) => {
      const { calls } = mockCryptoApi({ verify: [() => json(200, verdict(status, msg))] });
      renderFrom('cart');
      const dialog = await payWithCrypto('cart');
      const error = await failureOf(dialog);
      expect(error.textContent).toContain('Can not validate transaction. Please contact us!');
      expect(within(error).getByTestId('crypto-error-message').textContent).toBe(msg);
      expect(within(error).getByTestId('crypto-tx-hash').textContent).toBe(TXH);
      expect(stepsReported(calls)).toEqual([
        'SWITCH_CHAIN_CHECK_NETWORK',
        'SHOW_PAYMENT_DIALOG',
        20,
        'SEND_TRANSACTION',
        30,
        41,
        'VERIFY_TRANSACTION_RESULT',
      ]);
      // The server's own verdict goes into the log, review told apart from failed.
      expect(reportsOf(calls).at(-1)).toMatchObject({ result: { status, msg } });
      expect(screen.queryByTestId('crypto-success-dialog')).toBeNull();
      expect(useCartStore.getState().itemsOnCart).toHaveLength(1);
      expect(leavingIsWarned()).toBe(false);
    },
  );

  it('still verifying when the wait runs out: step 41 with the transaction hash', async () => {
    setVerifyPollingForTests({ everyMs: 20, forMs: 150 });
    const { calls } = mockCryptoApi({
      verify: [() => json(200, verdict('verifying'))],
      poll: [() => json(200, verdict('verifying'))],
    });
    renderFrom('item');
    const dialog = await payWithCrypto('item');
    const error = await failureOf(dialog);
    expect(error.textContent).toContain('Can not validate transaction. Please contact us!');
    expect(within(error).getByTestId('crypto-tx-hash').textContent).toBe(TXH);
    expect(stepsReported(calls).slice(-2)).toEqual([41, 'VERIFY_TRANSACTION_RESULT']);
  });

  it('the transfer could not be handed over (network): Network error!, the warning stays, Try again completes it', async () => {
    let down = true;
    const { calls } = mockCryptoApi({
      verify: [
        () => {
          if (down) throw new TypeError('Failed to fetch');
          return json(200, verdict('paid'));
        },
      ],
    });
    renderFrom('item');
    const dialog = await payWithCrypto('item');
    const error = await failureOf(dialog);
    expect(error.textContent).toContain('Network error!');
    expect(within(error).getByTestId('crypto-tx-hash').textContent).toBe(TXH);
    expect(leavingIsWarned()).toBe(true);
    down = false;
    fireEvent.click(within(dialog).getByTestId('crypto-retry-verify'));
    await screen.findByTestId('crypto-success-dialog', undefined, WAIT);
    expect(bodiesTo(calls, '/api/payment/eth_crypto/verify')).toHaveLength(2);
    expect(wallet.sent).toHaveLength(1);
    expect(leavingIsWarned()).toBe(false);
  });

  it('no linked wallet: the server 409 message and a link to /connect_wallet; the wallet is never opened', async () => {
    saveSession({ user: user(null), accessToken: 'jwt-pilot', refreshToken: 'refresh-pilot', remember: true });
    const { calls } = mockCryptoApi({ start: () => json(409, { error: true, code: 'CONFLICT', msg: LINK_WALLET }) });
    const { router } = renderFrom('item');
    const dialog = await payWithCrypto('item');
    const error = await failureOf(dialog);
    expect(error.textContent).toContain('Unable to complete transaction');
    expect(within(error).getByTestId('crypto-error-message').textContent).toBe(LINK_WALLET);
    expect(vi.mocked(loadWallet)).not.toHaveBeenCalled();
    expect(stepsReported(calls)).toEqual([]);
    fireEvent.click(within(error).getByTestId('crypto-link-wallet'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/connect_wallet'), WAIT);
    expect(screen.queryByTestId('crypto-payment-dialog')).toBeNull();
  });

  it('too many unpaid orders, even without a linked wallet: the message and a way to My Orders, not to linking', async () => {
    saveSession({ user: user(null), accessToken: 'jwt-pilot', refreshToken: 'refresh-pilot', remember: true });
    const msg = 'You have 10 unpaid orders. Pay for one or cancel it in My Orders before starting another checkout.';
    mockCryptoApi({ start: () => json(409, { error: true, code: 'TOO_MANY_UNPAID_ORDERS', msg }) });
    const { router } = renderFrom('item');
    const dialog = await payWithCrypto('item');
    const error = await failureOf(dialog);
    expect(within(error).getByTestId('crypto-error-message').textContent).toBe(msg);
    expect(within(error).queryByTestId('crypto-link-wallet')).toBeNull();
    fireEvent.click(within(error).getByTestId('crypto-my-orders'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/orders'), WAIT);
    expect(screen.queryByTestId('crypto-payment-dialog')).toBeNull();
  });

  it('a sold-out 409 for a player with a linked wallet shows the message without the link', async () => {
    const msg = 'Nova Lancer is sold out.';
    mockCryptoApi({ start: () => json(409, { error: true, code: 'CONFLICT', msg }) });
    renderFrom('item');
    const dialog = await payWithCrypto('item');
    const error = await failureOf(dialog);
    expect(within(error).getByTestId('crypto-error-message').textContent).toBe(msg);
    expect(within(error).queryByTestId('crypto-link-wallet')).toBeNull();
  });

  it('crypto payments not set up: the choice is shown disabled with the reason, card stays the way to pay', async () => {
    const { calls } = mockCryptoApi({ payment: false });
    renderFrom('cart');
    const opener = await screen.findByRole('button', { name: 'Checkout' }, WAIT);
    await enabled(opener);
    fireEvent.click(opener);
    const checkout = await screen.findByRole('dialog', { name: 'Checkout' }, WAIT);
    const note = await within(checkout).findByTestId('crypto-unavailable', undefined, WAIT);
    expect(note.textContent).toBe('Crypto payments are not available right now.');
    const choice = within(checkout).getByTestId('checkout-choice-crypto') as HTMLInputElement;
    expect(choice.disabled).toBe(true);
    fireEvent.click(choice);
    expect(within(checkout).queryByRole('button', { name: 'Pay with cryptocurrency' })).toBeNull();
    expect(within(checkout).getByRole('button', { name: 'Pay by card' })).toBeTruthy();
    expect(calls.filter((c) => pathOf(c) === '/api/shop_payment/eth_crypto')).toEqual([]);
  });
});
