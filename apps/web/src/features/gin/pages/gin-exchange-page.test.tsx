import { GIN_TEXT, GIN_UNAVAILABLE } from '@starport/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session-storage.ts';
import { loadWallet } from '../../../lib/wallet/wallet-api.ts';
import { json } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { setGinPollingForTests } from '../model/gin-convert-run.ts';
import { GIN_PROGRESS } from '../model/gin-messages.ts';
import {
  answer,
  BURN,
  FakeGinWallet,
  gate,
  GIN_TOKEN,
  mockGinApi,
  pathOf,
  player,
  stepsReported,
  terms,
  TX_URL,
  TXH,
  WalletError,
  type GinAnswers,
} from './gin-exchange.fixtures.ts';
import GinExchangePage, { GIN_NEEDS_WALLET } from './gin-exchange-page.tsx';

// The wallet chunk (wagmi, viem) is replaced by FakeGinWallet; WalletError stays the real one.
vi.mock('../../../lib/wallet/wallet-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/wallet/wallet-api.ts')>()),
  loadWallet: vi.fn(),
}));

const WAIT = { timeout: 30_000 };
let wallet: FakeGinWallet;

function renderPage(answers: GinAnswers = {}) {
  const api = mockGinApi(answers);
  const view = renderRoutes(
    [page('/my/gin-exchange', <GinExchangePage />), page('*', <p>elsewhere</p>)],
    '/my/gin-exchange',
  );
  return { ...api, ...view };
}

const field = () => screen.getByLabelText('Total Gin') as HTMLInputElement;
const convert = () => screen.getByRole('button', { name: 'Convert' }) as HTMLButtonElement;
const enabled = () => waitFor(() => expect(convert().disabled).toBe(false), WAIT);
const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** Types the total, presses Convert (focused first, as a click does in a browser), and picks the network. */
async function convertOn(total: string) {
  await enabled();
  fireEvent.change(field(), { target: { value: total } });
  convert().focus();
  fireEvent.click(convert());
  const dialog = await screen.findByRole('dialog', { name: 'Choose a network' }, WAIT);
  fireEvent.click(within(dialog).getByRole('button', { name: 'BNB Smart Chain' }));
  return dialog;
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  saveSession({ user: player(), accessToken: 'jwt-pilot', refreshToken: 'refresh-pilot', remember: true });
  wallet = new FakeGinWallet();
  vi.mocked(loadWallet).mockReset();
  vi.mocked(loadWallet).mockResolvedValue(wallet);
  setGinPollingForTests({ everyMs: 10, forMs: 5_000 });
});
afterEach(() => {
  setGinPollingForTests(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Convert Gin page', { timeout: 60_000 }, () => {
  it('shows what the Gin converts to at 5 DNC each and the DNC balance', async () => {
    renderPage();
    await enabled();
    fireEvent.change(field(), { target: { value: '3' } });
    expect(screen.getByTestId('gin-receive').textContent).toBe('15 DNC');
    await waitFor(() => expect(screen.getByTestId('gin-dnc-balance').textContent).toBe('100 DNC'), WAIT);
    expect(await screen.findByTestId('gin-conversion-row', undefined, WAIT)).toBeTruthy();
  });

  it.each(['', '0', '-2', '2.5', 'abc'])('refuses %j with "Invalid Gin Amount." on the field, and focuses it', async (text) => {
    const { calls } = renderPage();
    await enabled();
    fireEvent.change(field(), { target: { value: text } });
    fireEvent.click(convert());
    await waitFor(() => expect(field().getAttribute('aria-invalid')).toBe('true'), WAIT);
    expect(describedText(field())).toContain(GIN_TEXT.invalidAmount);
    expect(document.activeElement).toBe(field());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => pathOf(c) === '/api/convert/gin/config')).toBe(false);
  });

  it('lists the networks in a dialog; Cancel closes it and gives focus back to Convert', async () => {
    renderPage();
    await enabled();
    fireEvent.change(field(), { target: { value: '3' } });
    convert().focus();
    fireEvent.click(convert());
    const dialog = await screen.findByRole('dialog', { name: 'Choose a network' }, WAIT);
    expect(dialog.textContent).toContain('Convert 3 Gin to 15 DNC.');
    expect(within(dialog).getAllByTestId('gin-network').map((b) => b.textContent)).toEqual(['BNB Smart Chain']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    await waitFor(() => expect(document.activeElement).toBe(convert()), WAIT);
  });

  it('burns the Gin with gas limit 500000, shows the DNC credited and the new balance, and links the transaction', async () => {
    const { calls } = renderPage({
      poll: [() => json(200, answer('verifying', 'Validating.')), () => json(200, answer('credited', 'Your DNC is credited.'))],
    });
    await convertOn('3');
    const done = await screen.findByTestId('gin-credited', undefined, WAIT);
    expect(done.textContent).toContain('15 DNC credited. Your DNC balance is now 115.');
    expect(within(done).getByRole('link', { name: /^View transaction/ }).getAttribute('href')).toBe(TX_URL);
    expect(wallet.sent).toEqual([{ token: GIN_TOKEN, to: BURN, amount: 3_000_000_000_000_000_000n, gas: 500_000n }]);
    const config = calls.find((c) => pathOf(c) === '/api/convert/gin/config')!;
    expect(Object.fromEntries(new URL(config.url, 'http://x').searchParams)).toEqual({ total: '3', network: '0x38' });
    expect(calls.find((c) => pathOf(c) === '/api/convert/gin/verify')!.body).toEqual({
      tid: 'GIN-7K3M',
      txh: TXH,
      network: '0x38',
    });
    await waitFor(() => expect(stepsReported(calls)).toEqual([20, 30, 40]), WAIT);
    // Closing now is allowed, and the page reads the balance again.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
  });

  it('says "Transaction Processing ..." while the wallet is asked, and cannot be closed then', async () => {
    const held = gate();
    wallet.holdSend = held.promise;
    renderPage();
    await convertOn('2');
    const dialog = await screen.findByRole('dialog', { name: GIN_PROGRESS.sending.title }, WAIT);
    expect(dialog.textContent).toContain(GIN_PROGRESS.sending.text);
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: GIN_PROGRESS.sending.title })).toBeTruthy();
    held.open();
    await screen.findByTestId('gin-credited', undefined, WAIT);
  });

  it('a refused wallet: step 12 and the spec’s "User denied web3 access." text', async () => {
    wallet.connectError = new WalletError('refused', 'User denied web3 access.');
    const { calls } = renderPage();
    await convertOn('1');
    await screen.findByRole('dialog', { name: GIN_TEXT.noAccess }, WAIT);
    await waitFor(() => expect(stepsReported(calls)).toEqual([12]), WAIT);
    expect(wallet.sent).toEqual([]);
  });

  it('a rejected signature: step 21 and "Transaction Error. MetaMask Tx Signature. User Denied."', async () => {
    wallet.sendError = new WalletError('refused', 'User denied web3 access.');
    const { calls } = renderPage();
    await convertOn('1');
    await screen.findByRole('dialog', { name: GIN_TEXT.signatureDenied }, WAIT);
    await waitFor(() => expect(stepsReported(calls)).toEqual([20, 21]), WAIT);
    expect(calls.some((c) => pathOf(c) === '/api/convert/gin/verify')).toBe(false);
  });

  it('a reverted transfer: step 22 and "Transaction error."', async () => {
    wallet.receipt = 'reverted';
    const { calls } = renderPage();
    await convertOn('1');
    await screen.findByRole('dialog', { name: GIN_TEXT.transactionError }, WAIT);
    await waitFor(() => expect(stepsReported(calls)).toEqual([20, 22]), WAIT);
  });

  it('a transfer the server does not accept: step 41, "Can not validate transaction. Please contact us!" with the hash', async () => {
    const failure = 'The transfer did not come from your linked wallet.';
    const { calls } = renderPage({ verify: () => json(200, answer('failed', 'Not credited.', { failure })) });
    await convertOn('1');
    const dialog = await screen.findByRole('dialog', { name: GIN_TEXT.cannotValidate }, WAIT);
    expect(dialog.textContent).toContain(failure);
    expect(dialog.textContent).toContain(TXH);
    await waitFor(() => expect(stepsReported(calls)).toEqual([20, 30, 41]), WAIT);
  });

  it('a server that cannot be reached for the verification: "Can not request validate transaction. Please contact us!"', async () => {
    renderPage({ verify: () => json(503, { error: true, code: 'UNAVAILABLE', msg: 'Try later.' }) });
    await convertOn('1');
    const dialog = await screen.findByRole('dialog', { name: GIN_TEXT.cannotRequestValidate }, WAIT);
    expect(dialog.textContent).toContain(TXH);
  });

  it('a server without Gin networks: Convert is disabled and says why', async () => {
    renderPage({ terms: () => json(200, terms([])) });
    await waitFor(() => expect(describedText(convert())).toBe(GIN_UNAVAILABLE), WAIT);
    expect(convert().disabled).toBe(true);
  });

  it('a player without a linked wallet: Convert is disabled, with a link to link one', async () => {
    saveSession({ user: player(null), accessToken: 'jwt-pilot', refreshToken: 'refresh-pilot', remember: true });
    renderPage();
    await waitFor(() => expect(describedText(convert())).toContain(GIN_NEEDS_WALLET), WAIT);
    expect(convert().disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Link a wallet' }).getAttribute('href')).toBe('/connect_wallet');
  });
});
