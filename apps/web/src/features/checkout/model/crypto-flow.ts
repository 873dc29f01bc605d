// Over 300 lines: the crypto payment's steps (switch chain, quote, send, report, verify) in the order the player meets them.
import type { ChainInfoResponse, CryptoQuote, CryptoVerifyResponse, PublicChain } from '@starport/schemas';
import { CRYPTO_STEPS } from '@starport/schemas/crypto-steps';
import { loadWallet, WalletError, type HexString, type WalletRuntime } from '../../../lib/wallet/wallet-api.ts';
import { AttemptKey } from './attempt-key.ts';
import type { CryptoPurchase } from './checkout-purchase.ts';
import { getCryptoPayment, openCryptoPayment } from '../api/crypto-api.ts';
import { mintStepOf, reportMintStep } from '../api/report-mint-step.ts';
import {
  CANCELLED_MSG,
  QUOTE_EXPIRED_MSG,
  REVERTED_MSG,
  startFailure,
  VERIFY_TIMEOUT_MSG,
  verifyCallFailure,
  WALLET_LOAD_FAILED_MSG,
  walletFailure,
  type CryptoFailure,
  type CryptoStep,
} from './crypto-failures.ts';
import { handOverTransfer, receiptWithin, sameHash, type HandOver } from './crypto-handover.ts';
import { guardLeaving } from './crypto-leave-guard.ts';
import type { CryptoOutcome } from './crypto-outcome.ts';
import { reportCryptoStep, reportCryptoStepOnLeave, type CryptoStepReport } from './crypto-report.ts';
import { connectLinkedAccount, transferOf } from './crypto-wallet.ts';
import {
  CRYPTO_CONFIRMED,
  CRYPTO_NETWORK_ERROR,
  CRYPTO_NOT_STARTED,
  CRYPTO_STARTED,
  CRYPTO_UNAVAILABLE,
  CRYPTO_VALIDATING,
  MINT_QUEUED,
  mintNextOf,
  PURCHASED,
  SPACESHIP_PURCHASED,
  TOP_UP_PAID,
  TRANSACTION_ERROR,
  USER_CLOSED_BROWSER,
  VERIFY_FAILED,
} from './messages.ts';
import type { PaymentStepError } from '../components/payment-error.tsx';

/**
 * Where a crypto payment is: opening it on the server, connecting the wallet, switching its
 * network, the payment dialog's first screen (step 20), the wallet sending, the server
 * validating; then paid, failed, or closed by the player before anything was sent.
 */
export type CryptoPhase =
  'starting' | 'connecting' | 'switching' | 'started' | 'sending' | 'validating' | 'paid' | 'failed' | 'cancelled';

export type CryptoView = {
  phase: CryptoPhase;
  quote: CryptoQuote | null;
  chain: PublicChain | null;
  txh: HexString | null;
  /** the wallet saw the transfer mined (false: its receipt could not be read; the server decides) */
  mined: boolean;
  failure: CryptoFailure | null;
};

export type CryptoRunDeps = {
  /** GET /api/chain/config (cached for the page) */
  chainInfo: () => Promise<ChainInfoResponse>;
  /** whether the signed-in player's account has a linked wallet, as this page knows it */
  hasLinkedWallet: () => boolean;
  /** the server confirmed the payment */
  onPaid: (outcome: CryptoOutcome) => void;
  /** the start call was refused: the page may re-read what changed (stock, the listing, sales) */
  onRefused?: (error: PaymentStepError) => void;
};

/**
 * How often, and for how long, a session still `verifying` is asked again; the wallet's
 * receipt is waited for no longer than that either (the server has the hash by then).
 */
const VERIFY_POLLING = { everyMs: 2_000, forMs: 180_000 };
let polling = VERIFY_POLLING;
export const setVerifyPollingForTests = (value: typeof VERIFY_POLLING | null): void => {
  polling = value ?? VERIFY_POLLING;
};

const undecided = (status: CryptoVerifyResponse['status']) => status === 'verifying' || status === 'awaiting_transfer';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** The status endpoint keeps at most 2000 characters of content. */
const clip = (text: string) => text.slice(0, 2000);

const successTitle = (purchase: CryptoPurchase): string => {
  if (purchase.kind === 'land_credit') return TOP_UP_PAID;
  if (purchase.kind === 'ship_mint') return MINT_QUEUED;
  return purchase.kind === 'item' && purchase.item.object === 'spaceship' ? SPACESHIP_PURCHASED : PURCHASED;
};

/**
 * One crypto payment (storefront.md §4), from the player's "Pay with cryptocurrency" to the
 * server's decision. React-free: the dialog subscribes to its view, and the run carries on
 * when the dialog goes away (a paid cart is emptied, which unmounts the cart's checkout), so a
 * sent transfer is always handed to the server. Every step is reported (crypto-report.ts).
 */
export class CryptoPaymentRun {
  private view: CryptoView = { phase: 'starting', quote: null, chain: null, txh: null, mined: false, failure: null };
  private readonly listeners = new Set<() => void>();
  private account: HexString | null = null;
  private cancelled = false;
  private releaseGuard: (() => void) | null = null;

  constructor(
    private readonly purchase: CryptoPurchase,
    private readonly deps: CryptoRunDeps,
  ) {}

  /** One run is one checkout attempt: its start call carries one Idempotency-Key. */
  private readonly attempt = new AttemptKey();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getView = (): CryptoView => this.view;

  /** Closing is safe until the wallet is asked to send; from then on the run sees it through. */
  canCancel(): boolean {
    return ['starting', 'connecting', 'switching', 'started'].includes(this.view.phase);
  }

  /** The player closed the dialog before sending: the run stops at its next step. */
  cancel(): void {
    if (this.canCancel()) this.cancelled = true;
  }

  /** The player gives up on a payment that stopped (e.g. a verification that could not be handed over). */
  dismiss(): void {
    this.cancel();
    this.release();
  }

  async start(): Promise<void> {
    const info = await this.deps.chainInfo().catch(() => null);
    if (this.cancelled) return this.show({ phase: 'cancelled' });
    if (!info?.payment) return this.fail(null, { title: CRYPTO_NOT_STARTED, message: CRYPTO_UNAVAILABLE, txh: null });

    let quote: CryptoQuote;
    try {
      quote = await openCryptoPayment(this.purchase, this.attempt);
    } catch (error) {
      const refused = error as PaymentStepError;
      this.deps.onRefused?.(refused);
      return this.fail(null, startFailure(refused, this.deps.hasLinkedWallet(), this.purchase.kind === 'ship_mint'));
    }
    const chain = info.chains.find((c) => c.id === quote.targetNetworkId) ?? null;
    this.show({ quote, chain, phase: 'connecting' });
    if (this.stopIfCancelled()) return;
    const transfer = transferOf(quote);
    if (!chain || !transfer) {
      return this.fail('SWITCH_CHAIN_CHECK_NETWORK', {
        title: CRYPTO_NOT_STARTED,
        message: CRYPTO_UNAVAILABLE,
        txh: null,
      });
    }

    let wallet: WalletRuntime;
    try {
      wallet = await loadWallet();
    } catch (error) {
      console.warn('The wallet chunk could not be loaded', error);
      return this.fail(CRYPTO_STEPS.NO_WALLET, {
        title: CRYPTO_NETWORK_ERROR,
        message: WALLET_LOAD_FAILED_MSG,
        txh: null,
      });
    }
    try {
      this.account = await connectLinkedAccount(wallet, quote.payerWallet);
    } catch (error) {
      return this.walletFailed('connect', error);
    }
    if (this.stopIfCancelled()) return;

    this.report('SWITCH_CHAIN_CHECK_NETWORK', { payload: { chainId: chain.id, account: this.account } });
    this.show({ phase: 'switching' });
    try {
      await wallet.switchChain(chain);
    } catch (error) {
      return this.walletFailed('switch', error);
    }
    if (this.stopIfCancelled()) return;

    const request = {
      chainId: chain.id,
      from: this.account,
      token: transfer.token,
      to: transfer.to,
      amount: quote.amountBase,
    };
    this.show({ phase: 'started' });
    this.report('SHOW_PAYMENT_DIALOG', { payload: request });
    this.report(CRYPTO_STEPS.DIALOG_OPENED, { payload: request, content: CRYPTO_STARTED.text });
    // A transfer after the quote expired goes to review on the server: better not to send it.
    if (Date.parse(quote.expiresAt) <= Date.now()) {
      return this.fail(CRYPTO_STEPS.SEND_ERROR, { title: CRYPTO_NOT_STARTED, message: QUOTE_EXPIRED_MSG, txh: null });
    }

    this.show({ phase: 'sending' });
    this.releaseGuard = guardLeaving(() => this.reportLeaving());
    let txh: HexString;
    try {
      txh = await wallet.sendTokenTransfer({ chain, ...transfer });
    } catch (error) {
      this.release();
      return this.walletFailed('send', error);
    }
    this.show({ txh });
    this.report('SEND_TRANSACTION', { payload: request, result: { txh } });
    await this.confirm(wallet, chain, txh);
  }

  /** Hands the sent transfer to the server again, after that failed for want of an answer. */
  async retryVerify(): Promise<void> {
    if (this.view.phase === 'failed' && this.view.failure?.retryVerify) await this.verify();
  }

  /**
   * The sent transfer goes to the server at once, before its receipt: a tab closed, a crash or
   * a phone browser killed while the player is in the wallet app then loses nothing, as the
   * server's job waits for the transaction itself. The receipt only drives the screens, and
   * tells which transaction was mined when the wallet replaced ours (sped up, cancelled).
   */
  private async confirm(wallet: WalletRuntime, chain: PublicChain, sent: HexString): Promise<void> {
    const firstHandOver = this.handOver(sent);
    const receipt = await receiptWithin(wallet, chain, sent, polling.forMs);
    const mined = receipt === 'unknown' ? sent : receipt.hash;
    const replaced = !sameHash(mined, sent);
    let handedOver = firstHandOver;
    if (replaced) {
      this.show({ txh: mined });
      // The hash the server holds will never be mined now: it takes the one that was instead
      // (after the first call is answered, so the two arrive in order).
      handedOver = firstHandOver.then(() => this.handOver(mined));
    }
    const payload = replaced ? { txh: mined, replaced: sent } : { txh: mined };
    if (receipt !== 'unknown' && receipt.status !== 'success') {
      // The server, which has the mined hash, fails the payment on its own: nothing to wait for here.
      this.release();
      const message = receipt.status === 'cancelled' ? CANCELLED_MSG : REVERTED_MSG;
      return this.fail(CRYPTO_STEPS.TRANSACTION_ERROR, { title: TRANSACTION_ERROR, message, txh: mined }, payload);
    }
    this.show({ mined: receipt !== 'unknown', phase: 'validating', failure: null });
    this.report(CRYPTO_STEPS.TRANSFER_SENT, {
      payload,
      result: receipt === 'unknown' ? 'unknown' : receipt.status,
      content: CRYPTO_VALIDATING.title,
    });
    await this.settle(await handedOver);
  }

  /** POST …/verify with `txh` for this payment. */
  private handOver(txh: HexString): Promise<HandOver> {
    const { quote } = this.view;
    if (!quote) return Promise.resolve({ kind: 'refused', message: CRYPTO_UNAVAILABLE });
    return handOverTransfer(this.purchase, { tid: quote.tid, txh, from_wallet: this.account ?? undefined });
  }

  /** Hands the current transaction over again (the player's "Try again"). */
  private async verify(): Promise<void> {
    const { txh } = this.view;
    if (!txh) return;
    this.show({ phase: 'validating', failure: null });
    await this.settle(await this.handOver(txh));
  }

  /** From the server's first answer to its decision, asking again while it is `verifying`. */
  private async settle(handedOver: HandOver): Promise<void> {
    const { quote, txh } = this.view;
    if (!quote || !txh) return;
    if (handedOver.kind === 'unreachable') {
      // Not handed over: the guard stays, leaving now would still lose the transfer.
      return this.show({
        phase: 'failed',
        failure: { title: CRYPTO_NETWORK_ERROR, message: handedOver.message, txh, retryVerify: true },
      });
    }
    if (handedOver.kind === 'refused') return this.decide(null, handedOver.message);
    let answer = handedOver.answer;
    const deadline = Date.now() + polling.forMs;
    while (undecided(answer.status) && Date.now() < deadline) {
      await sleep(polling.everyMs);
      try {
        answer = await getCryptoPayment(quote.tid);
      } catch (error) {
        const { retry, message } = verifyCallFailure(error);
        if (!retry) return this.decide(null, message);
        console.warn('Could not read the crypto payment; asking again', error);
      }
    }
    this.decide(answer, undecided(answer.status) ? VERIFY_TIMEOUT_MSG : answer.msg);
  }

  /** The server's word: paid (step 40) or not (41); either way the run is over. */
  private decide(answer: CryptoVerifyResponse | null, message: string): void {
    const { quote, txh } = this.view;
    if (!quote || !txh) return;
    this.release();
    if (answer?.status === 'paid') {
      this.report(CRYPTO_STEPS.VALIDATED, {
        payload: { txh, invoice_code: answer.invoice_code },
        content: CRYPTO_CONFIRMED,
      });
      this.report('VERIFY_TRANSACTION_RESULT', { result: answer });
      this.show({ phase: 'paid' });
      this.deps.onPaid({
        title: successTitle(this.purchase),
        invoiceCode: answer.invoice_code || quote.invoice_code,
        txh,
        explorerTxUrl: answer.explorerTxUrl,
        ...(this.purchase.kind === 'ship_mint' ? { next: mintNextOf(this.purchase.name) } : {}),
      });
      return;
    }
    this.report(CRYPTO_STEPS.VALIDATION_FAILED, {
      payload: { txh },
      result: answer,
      content: clip(`${VERIFY_FAILED} ${message}`),
    });
    this.report('VERIFY_TRANSACTION_RESULT', { result: answer ?? { status: 'failed', msg: message } });
    this.show({ phase: 'failed', failure: { title: VERIFY_FAILED, message: message || null, txh } });
  }

  private walletFailed(stage: 'connect' | 'switch' | 'send', error: unknown): void {
    const { step, failure } = walletFailure(stage, error);
    if (!(error instanceof WalletError)) console.warn(`The wallet failed at ${stage}`, error);
    this.fail(step, failure);
  }

  /** Shows the failure and reports it under `step` (null: before the session existed, nothing to report). */
  private fail(step: CryptoStep | null, failure: CryptoFailure, payload?: CryptoStepReport['payload']): void {
    if (step !== null) {
      const content = clip([failure.title, failure.message].filter(Boolean).join(' '));
      this.report(step, payload === undefined ? { content } : { payload, content });
    }
    this.show({ phase: 'failed', failure });
  }

  private stopIfCancelled(): boolean {
    if (!this.cancelled) return false;
    // Spec §4: step 12 also covers the player closing the payment before the wallet sent anything.
    this.report(CRYPTO_STEPS.ACCESS_DENIED, { content: 'The player closed the payment before sending.' });
    this.show({ phase: 'cancelled' });
    return true;
  }

  private report(step: CryptoStep, extra: Omit<CryptoStepReport, 'tid' | 'step'> = {}): void {
    const tid = this.view.quote?.tid;
    if (!tid) return;
    reportCryptoStep({ tid, step, ...extra });
    // A ship's mint keeps its own log of the same steps (owned-assets.md §4.4).
    const mintStep = this.purchase.kind === 'ship_mint' ? mintStepOf({ tid, step, ...extra }, this.view.quote?.targetWallet ?? null) : null;
    if (mintStep) reportMintStep(mintStep);
  }

  private reportLeaving(): void {
    const { quote, txh, phase } = this.view;
    if (!quote) return;
    reportCryptoStepOnLeave({
      tid: quote.tid,
      step: 'CLOSE_BROWSER',
      content: USER_CLOSED_BROWSER,
      payload: { txh, phase },
    });
  }

  private release(): void {
    this.releaseGuard?.();
    this.releaseGuard = null;
  }

  private show(next: Partial<CryptoView>): void {
    this.view = { ...this.view, ...next };
    for (const listener of this.listeners) listener();
  }
}
