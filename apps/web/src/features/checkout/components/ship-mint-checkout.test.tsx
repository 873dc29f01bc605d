import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@starport/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../../../lib/account-store.ts';
import { saveSession } from '../../../lib/session-storage.ts';
import { loadWallet } from '../../../lib/wallet/wallet-api.ts';
import { json, type Call } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { setVerifyPollingForTests } from '../model/crypto-flow.ts';
import { dismissCryptoSuccess } from '../model/crypto-outcome.ts';
import {
  bodiesTo,
  EXPLORER_TX,
  FakeWallet,
  mockCryptoApi,
  PAYER,
  pathOf,
  quote,
  TID,
  TXH,
  verdict,
} from './crypto-checkout.fixtures.ts';
import { PurchaseOutcomeOutlet } from './purchase-outcome-outlet.tsx';
import { CONVERT_NEEDS_WALLET, CONVERT_UNAVAILABLE, ShipMintCheckout } from './ship-mint-checkout.tsx';

// The wallet chunk (wagmi, viem) is replaced by FakeWallet; WalletError stays the real one.
vi.mock('../../../lib/wallet/wallet-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/wallet/wallet-api.ts')>()),
  loadWallet: vi.fn(),
}));

const WAIT = { timeout: 30_000 };
const TERMS = { error: false, fee_usd: 5, fee_usd_micro: '5000000', available: true };
const QUEUED = 'Your NFT minting task added to queue.';

const user: User = {
  id: 'u1',
  username: 'pilot',
  email: 'pilot@starport.local',
  active: true,
  avatar: null,
  walletAddress: PAYER,
  hasPassword: true,
};

type Answers = { terms?: () => Response; request?: () => Response; verify?: () => Response };

/** The crypto API, plus the minting calls: terms, the request (a quote), its verify_payment and step log. */
function mockMintApi({ terms, request, verify }: Answers = {}) {
  return mockCryptoApi({
    other: (path) => {
      if (path === '/api/minting/request/terms') return terms ? terms() : json(200, TERMS);
      if (path === '/api/minting/request/')
        return request
          ? request()
          : json(200, quote({ amountCurrency: '5.000000', amountBase: '5000000', totalUSD: 5 }));
      if (path === '/api/minting/request/verify_payment') return verify ? verify() : json(200, verdict('paid', QUEUED));
      if (path === '/api/minting/request/status') return json(200, { error: false, status: 1 });
      return undefined;
    },
  });
}

function renderCheckout(onChanged = vi.fn(), convertible = true) {
  const view = renderRoutes(
    [
      page(
        '/my-assets/spaceships',
        <>
          <ShipMintCheckout
            ship={{ id: '41', name: 'Nova Lancer 41' }}
            convertible={convertible}
            onChanged={onChanged}
          />
          <PurchaseOutcomeOutlet />
        </>,
      ),
      page('*', <p>elsewhere</p>),
    ],
    '/my-assets/spaceships',
  );
  return { ...view, onChanged };
}

const button = () => screen.getByRole('button', { name: 'Convert to NFT' }) as HTMLButtonElement;
const enabled = () => waitFor(() => expect(button().disabled).toBe(false), WAIT);
const noteOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  saveSession({ user, accessToken: 'jwt-pilot', refreshToken: 'refresh-pilot', remember: true });
  vi.mocked(loadWallet).mockReset();
  vi.mocked(loadWallet).mockResolvedValue(new FakeWallet());
  setVerifyPollingForTests({ everyMs: 20, forMs: 2_000 });
  dismissCryptoSuccess();
});
afterEach(() => {
  setVerifyPollingForTests(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useAccountStore.setState({ status: { loggedIn: false }, user: null, creditAmount: null });
});

describe('Convert to NFT: the button and its confirmation', { timeout: 60_000 }, () => {
  it('asks first, naming the ship, the fee from the terms and the wallet; Cancel calls nothing and gives focus back', async () => {
    const { calls } = mockMintApi();
    renderCheckout();
    await enabled();
    button().focus();
    fireEvent.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Convert to NFT' });
    expect(dialog.textContent).toContain('Convert Nova Lancer 41 to an NFT?');
    expect(within(dialog).getByTestId('ship-mint-fee').textContent).toBe('$5.000');
    expect(dialog.textContent).toContain('paid in USDC from your linked wallet');
    expect(dialog.textContent).toContain(PAYER);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button()));
    expect(calls.map(pathOf)).not.toContain('/api/minting/request/');
  });

  it('without a linked wallet the button is disabled and says how to link one', async () => {
    mockMintApi();
    useAccountStore.setState({ user: { ...user, walletAddress: null } });
    renderCheckout();
    await waitFor(() => expect(noteOf(button())).toContain(CONVERT_NEEDS_WALLET), WAIT);
    expect(button().disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Link a wallet' }).getAttribute('href')).toBe('/connect_wallet');
  });

  it('on a server that cannot mint the button is disabled and says so', async () => {
    mockMintApi({ terms: () => json(200, { ...TERMS, available: false }) });
    renderCheckout();
    await waitFor(() => expect(noteOf(button())).toBe(CONVERT_UNAVAILABLE), WAIT);
    expect(button().disabled).toBe(true);
  });

  it('a ship that cannot be converted now shows no button', async () => {
    mockMintApi();
    renderCheckout(vi.fn(), false);
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  });
});

describe('Convert to NFT: paying the fee', { timeout: 120_000 }, () => {
  async function confirm() {
    await enabled();
    fireEvent.click(button());
    const dialog = await screen.findByRole('dialog', { name: 'Convert to NFT' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  }

  it('requests with the ship, pays, verifies at verify_payment, logs steps 1 and 2, and says the mint is queued', async () => {
    const { calls } = mockMintApi();
    const { onChanged } = renderCheckout();
    await confirm();

    const success = await screen.findByTestId('crypto-success-dialog', undefined, WAIT);
    expect(screen.getByRole('dialog', { name: QUEUED })).toBe(success.closest('[role="dialog"]'));
    expect(within(success).getByTestId('crypto-next').textContent).toContain(
      'Nova Lancer 41 is minted to your linked wallet',
    );
    expect(
      within(success)
        .getByRole('link', { name: /^View transaction/ })
        .getAttribute('href'),
    ).toBe(EXPLORER_TX);
    expect(bodiesTo(calls, '/api/minting/request/')).toEqual([{ item_id: '41' }]);
    expect(bodiesTo(calls, '/api/minting/request/verify_payment')).toEqual([{ tid: TID, txh: TXH }]);
    const steps = calls.filter((c: Call) => pathOf(c) === '/api/minting/request/status' && c.method === 'PATCH');
    expect(steps.map((c) => (c.body as { status: number }).status)).toEqual([1, 2]);
    expect((steps[0]!.body as { receiver?: string }).receiver).toBe(quote().targetWallet);
    // The payment dialog closed with the success: the page behind is no longer hidden.
    await waitFor(() => expect(screen.queryByTestId('crypto-payment-dialog')).toBeNull());
    // Read again when the ship locked, and once paid.
    expect(onChanged.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('a refused request is titled "Payment request error !!" with the server’s reason, and the page reads the ship again', async () => {
    const { calls } = mockMintApi({
      request: () => json(409, { error: true, code: 'CONFLICT', msg: 'This ship is already being converted.' }),
    });
    const { onChanged } = renderCheckout();
    await confirm();
    const error = await screen.findByTestId('crypto-error', undefined, WAIT);
    expect(error.textContent).toContain('Payment request error !!');
    expect(error.textContent).toContain('This ship is already being converted.');
    expect(onChanged).toHaveBeenCalled();
    expect(calls.map(pathOf)).not.toContain('/api/minting/request/verify_payment');
  });

  it('a payment the server cannot validate is logged as status 4 and says so with the transaction', async () => {
    const { calls } = mockMintApi({
      verify: () => json(200, verdict('failed', 'The transfer did not pay the fee.')),
    });
    renderCheckout();
    await confirm();
    const error = await screen.findByTestId('crypto-error', undefined, WAIT);
    expect(error.textContent).toContain('Can not validate transaction. Please contact us!');
    expect(within(error).getByTestId('crypto-tx-hash').textContent).toBe(TXH);
    await waitFor(() => {
      const statuses = bodiesTo(calls, '/api/minting/request/status').map((b) => (b as { status: number }).status);
      expect(statuses).toEqual([1, 2, 4]);
    });
  });
});
