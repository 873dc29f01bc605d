import {
  GIN_STEPS,
  GIN_TEXT,
  type GinConfigResponse,
  type GinConversionResponse,
  type GinNetwork,
  type GinStatusBody,
} from '@starport/schemas';
import type { PublicChain } from '@starport/schemas/chain';
import { isApiError } from '../../../lib/api-client.ts';
import { messageOf as apiMessageOf } from '../../../lib/api-error.ts';
import { loadWallet, WalletError, type HexString, type WalletRuntime } from '../../../lib/wallet/wallet-api.ts';
import { getGinConversion } from '../api/get-gin-conversion.ts';
import { getGinQuote } from '../api/get-gin-quote.ts';
import { reportGinStep } from '../api/report-gin-step.ts';
import { verifyGinTransfer } from '../api/verify-gin-transfer.ts';
import {
  GIN_CANCELLED_MSG,
  GIN_NETWORK_MISSING_MSG,
  GIN_REVERTED_MSG,
  GIN_VERIFY_TIMEOUT_MSG,
  GIN_WALLET_LOAD_FAILED_MSG,
  ginWrongAccountMsg,
} from './gin-messages.ts';

/** Where one conversion is, from asking the server for a quote to the server's decision. */
export type GinPhase = 'quoting' | 'connecting' | 'started' | 'sending' | 'validating' | 'credited' | 'failed';

export type GinFailure = { title: string; message: string | null; txh: string | null };

export type GinView = {
  phase: GinPhase;
  quote: GinConfigResponse | null;
  txh: HexString | null;
  failure: GinFailure | null;
  /** the server's answer once the DNC is credited */
  credited: GinConversionResponse | null;
};

export type GinRunInput = {
  total: number;
  network: GinNetwork;
  /** the chain as the wallet needs it (GET /api/chain/config); null when the server does not list it */
  chain: PublicChain | null;
  /** the player's linked wallet: the Gin must come from it */
  linkedWallet: string;
  /** the server decided (credited or not): the page reads the balance and the list again */
  onSettled: () => void;
};

/** How often, and how long, a conversion still `verifying` is asked again. */
const VERIFY_POLLING = { everyMs: 2_000, forMs: 180_000 };
let polling = VERIFY_POLLING;
export const setGinPollingForTests = (value: typeof VERIFY_POLLING | null): void => {
  polling = value ?? VERIFY_POLLING;
};

/** The wallet's own sentence for a wallet error, the server's for an API error. */
const messageOf = (error: unknown): string => (error instanceof WalletError ? error.message : apiMessageOf(error));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const clip = (text: string) => text.slice(0, 2000);
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
/** The server could not be reached or broke (no answer to act on), as opposed to a refusal. */
const unreachable = (error: unknown) => !isApiError(error) || error.status === 0 || error.status >= 500;

/**
 * One Gin to DNC conversion (owned-assets.md §2.11, §4.5): quote, wallet, transfer to the burn
 * address, server verification. React-free: the dialog subscribes to its view; every step is
 * reported to the server's log. The quote comes first so that even a refused wallet (step 12)
 * is reported under the conversion's tid.
 */
export class GinConvertRun {
  private view: GinView = { phase: 'quoting', quote: null, txh: null, failure: null, credited: null };
  private readonly listeners = new Set<() => void>();

  constructor(private readonly input: GinRunInput) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getView = (): GinView => this.view;

  /** Closing is safe until the wallet is asked to send, and once the run is over. */
  canClose(): boolean {
    return !['sending', 'validating'].includes(this.view.phase);
  }

  async start(): Promise<void> {
    const { total, network, chain } = this.input;
    let quote: GinConfigResponse;
    try {
      quote = await getGinQuote(total, network.network);
    } catch (error) {
      return this.fail(null, { title: 'Sorry', message: messageOf(error), txh: null });
    }
    this.show({ quote, phase: 'connecting' });
    if (!chain) return this.fail(GIN_STEPS.walletDenied, { title: 'Sorry', message: GIN_NETWORK_MISSING_MSG, txh: null });

    const wallet = await loadWallet().catch((error: unknown) => {
      console.warn('The wallet chunk could not be loaded', error);
      return null;
    });
    if (!wallet) return this.fail(GIN_STEPS.walletDenied, { title: 'Sorry', message: GIN_WALLET_LOAD_FAILED_MSG, txh: null });
    const account = await this.connect(wallet, quote.payer);
    if (!account) return;
    try {
      await wallet.switchChain(chain);
    } catch (error) {
      return this.fail(GIN_STEPS.sendError, { title: GIN_TEXT.transactionError, message: messageOf(error), txh: null });
    }

    const request = {
      network: quote.network,
      from: account,
      token: quote.token,
      to: quote.burn_address,
      amount: quote.amount,
      gas: quote.gas_limit,
    };
    this.show({ phase: 'started' });
    this.report(GIN_STEPS.dialogOpened, { payload: request });
    this.show({ phase: 'sending' });
    let txh: HexString;
    try {
      txh = await wallet.sendTokenTransfer({
        chain,
        token: quote.token as HexString,
        to: quote.burn_address as HexString,
        amount: BigInt(quote.amount),
        gas: BigInt(quote.gas_limit),
      });
    } catch (error) {
      const denied = error instanceof WalletError && error.kind === 'refused';
      const failure = denied
        ? { title: GIN_TEXT.signatureDenied, message: null, txh: null }
        : { title: GIN_TEXT.transactionError, message: messageOf(error), txh: null };
      return this.fail(GIN_STEPS.sendError, failure, request);
    }
    this.show({ txh });
    await this.confirm(wallet, chain, txh);
  }

  /** The wallet's account, when it is the linked one; otherwise the failure is shown (step 12) and null returned. */
  private async connect(wallet: WalletRuntime, linked: string): Promise<HexString | null> {
    try {
      const current = wallet.account();
      if (current && sameAddress(current, linked)) return current;
      const { browser, walletconnect } = wallet.choices();
      if (!browser.available && !walletconnect.available) throw new WalletError('no_wallet', GIN_TEXT.noWallet);
      const choice = browser.available ? 'browser' : 'walletconnect';
      const account = await wallet.connect(choice, choice === 'browser' ? wallet.browserWalletOf(linked) : undefined);
      if (sameAddress(account, linked)) return account;
      this.fail(GIN_STEPS.walletDenied, { title: 'Sorry', message: ginWrongAccountMsg(account, linked), txh: null });
    } catch (error) {
      const kind = error instanceof WalletError ? error.kind : null;
      const title = kind === 'no_wallet' ? GIN_TEXT.noWallet : GIN_TEXT.noAccess;
      this.fail(GIN_STEPS.walletDenied, { title, message: kind === 'refused' || kind === 'no_wallet' ? null : messageOf(error), txh: null });
    }
    return null;
  }

  /**
   * The transfer goes to the server at once (a closed tab then loses nothing: the server waits
   * for the chain itself); the wallet's receipt only tells a revert, or the hash mined instead
   * when the wallet replaced the transaction.
   */
  private async confirm(wallet: WalletRuntime, chain: PublicChain, sent: HexString): Promise<void> {
    let handedOver = this.handOver(sent);
    const receipt = await this.receiptOf(wallet, chain, sent);
    if (receipt && receipt.status !== 'success') {
      const message = receipt.status === 'cancelled' ? GIN_CANCELLED_MSG : GIN_REVERTED_MSG;
      await handedOver; // the server fails the conversion on its own once it reads the chain
      return this.fail(GIN_STEPS.transactionError, { title: GIN_TEXT.transactionError, message, txh: receipt.hash }, { txh: receipt.hash });
    }
    const mined = receipt?.hash ?? sent;
    if (!sameAddress(mined, sent)) {
      this.show({ txh: mined });
      handedOver = handedOver.then(() => this.handOver(mined));
    }
    this.report(GIN_STEPS.transferSent, { payload: { txh: mined }, result: receipt ? receipt.status : 'unknown' });
    this.show({ phase: 'validating' });
    await this.settle(await handedOver);
  }

  /** The receipt, or null when it could not be read in time (the server decides then). */
  private async receiptOf(wallet: WalletRuntime, chain: PublicChain, hash: HexString) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), polling.forMs);
    });
    try {
      return await Promise.race([wallet.waitForReceipt({ chain, hash }).catch(() => null), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async handOver(txh: HexString): Promise<GinConversionResponse | { error: unknown }> {
    const { quote } = this.view;
    if (!quote) return { error: new Error('no quote') };
    try {
      return await verifyGinTransfer({ tid: quote.tid, txh, network: quote.network });
    } catch (error) {
      return { error };
    }
  }

  /** From the server's first answer to its decision, asking again while the conversion is `verifying`. */
  private async settle(first: GinConversionResponse | { error: unknown }): Promise<void> {
    const { quote, txh } = this.view;
    if (!quote || !txh) return;
    let answer = first;
    const deadline = Date.now() + polling.forMs;
    while ('conversion' in answer && answer.conversion.status === 'verifying' && Date.now() < deadline) {
      await sleep(polling.everyMs);
      try {
        answer = await getGinConversion(quote.tid);
      } catch (error) {
        if (!unreachable(error)) answer = { error };
        else console.warn('Could not read the Gin conversion; asking again', error);
      }
    }
    this.input.onSettled();
    if ('error' in answer && !('conversion' in answer)) {
      const title = unreachable(answer.error) ? GIN_TEXT.cannotRequestValidate : GIN_TEXT.cannotValidate;
      return this.fail(GIN_STEPS.verifyFailed, { title, message: messageOf(answer.error), txh }, { txh });
    }
    const { conversion } = answer;
    if (conversion.status === 'credited') {
      this.report(GIN_STEPS.verified, { payload: { txh, dnc: conversion.dnc }, result: answer.msg });
      return this.show({ phase: 'credited', credited: answer });
    }
    const message = conversion.status === 'verifying' ? GIN_VERIFY_TIMEOUT_MSG : (conversion.failure ?? answer.msg);
    this.fail(GIN_STEPS.verifyFailed, { title: GIN_TEXT.cannotValidate, message, txh }, { txh, status: conversion.status });
  }

  /** Shows the failure and reports it under `step` (null: no conversion yet, nothing to report). */
  private fail(step: GinStatusBody['step'] | null, failure: GinFailure, payload?: unknown): void {
    if (step !== null) {
      const content = clip([failure.title, failure.message, failure.txh].filter(Boolean).join(' '));
      this.report(step, payload === undefined ? { content } : { payload, content });
    }
    this.show({ phase: 'failed', failure });
  }

  private report(step: GinStatusBody['step'], extra: Omit<GinStatusBody, 'tid' | 'step'> = {}): void {
    const tid = this.view.quote?.tid;
    if (tid) reportGinStep({ tid, step, ...extra });
  }

  private show(next: Partial<GinView>): void {
    this.view = { ...this.view, ...next };
    for (const listener of this.listeners) listener();
  }
}
