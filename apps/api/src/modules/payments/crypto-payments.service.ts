import type {
  CryptoQuote,
  CryptoStatusBody,
  CryptoStatusResponse,
  CryptoVerifyBody,
  CryptoVerifyResponse,
  OrderLineRequest,
} from '@starport/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Hash } from 'viem';
import { chainById, paymentSetup, type ChainsConfig } from '../../chain/chain-config.ts';
import { checkedClientFor, explorerTxUrl } from '../../chain/clients.ts';
import { isMined } from '../../chain/usdc-transfer.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { CRYPTO_MSG } from './crypto-messages.ts';
import * as repo from './crypto-payments.repo.ts';
import {
  conflict,
  cryptoQuoteProvider,
  logChainError,
  lower,
  notAvailable,
  type CryptoKind,
} from './crypto-provider.ts';
import { queueVerification, recordTransaction } from './crypto-record-transaction.ts';
import { queueTransferSearchAfterClose } from './crypto-transfer-sweep.ts';
import type { CryptoOrderBook } from './order-book.ts';
import { startPayment } from './start-payment.ts';

export type { CryptoKind } from './crypto-provider.ts';

export type CryptoPaymentsDeps = {
  db: Db;
  orders: CryptoOrderBook;
  /** paymentSetup() is read on every call, so the routes exist (answering 503) whatever is configured */
  chains: ChainsConfig;
  /** asks this process's job worker to poll now */
  wakeJobs: () => void;
  log: FastifyBaseLogger;
  /** how long …/verify waits for the job's decision before answering `verifying` */
  verifyWaitMs?: number;
};

const DEFAULT_VERIFY_WAIT_MS = 4_000;
const VERIFY_POLL_MS = 200;


/**
 * USDC payments verified on chain (docs/decisions/0021). A quote opens an order (stock held)
 * and a payment session naming the token, the treasury, the player's linked wallet and the
 * exact amount. The browser sends the transfer and reports its hash; a durable job reads the
 * chain and alone decides. What the browser says is logged and never pays.
 */
export class CryptoPayments {
  constructor(private readonly d: CryptoPaymentsDeps) {}

  /**
   * Opens an order for `lines` (a cart, one shop item, or one listing) and quotes its total in
   * USDC: the start-payment workflow with the crypto provider (crypto-provider.ts).
   */
  async quote(userId: string, lines: OrderLineRequest[], kind: CryptoKind): Promise<CryptoQuote> {
    const setup = paymentSetup(this.d.chains);
    if (!setup) throw notAvailable();
    const provider = cryptoQuoteProvider({ db: this.d.db, chains: this.d.chains, setup, kind, log: this.d.log });
    return startPayment(this.d, provider, userId, lines);
  }

  /**
   * The browser sent its transfer: the hash is recorded once (the same hash again is the same
   * request), and the verification job queued and the order's stock held with it in one
   * transaction; the answer waits a few seconds for the job's decision. Reported in time, the
   * transfer keeps the order's stock until the verification deadline, so its confirmations
   * cannot lose it. Another hash replaces the recorded one only while that one is not mined (a
   * wallet that sped up or replaced its transaction); otherwise it is a 409.
   */
  async verify(userId: string, body: CryptoVerifyBody): Promise<CryptoVerifyResponse> {
    const p = await this.owned(userId, body.tid);
    if (body.from_wallet && lower(body.from_wallet) !== p.payer) throw conflict(CRYPTO_MSG.notFromLinkedWallet);
    const txHash = body.txh.toLowerCase();
    const recorded = await recordTransaction(this.d, p, txHash);
    if (recorded.kind === 'other' && recorded.payment) await this.replaceTransaction(userId, recorded.payment, txHash);
    this.d.wakeJobs();
    return this.answer(await this.decided(p.id));
  }

  /**
   * Another hash for a payment that has one: a replaced transaction (sped up or cancelled in the
   * wallet) never gets a receipt, and the browser then reports the one that will. Accepted only
   * while the payment is undecided and the recorded hash has no receipt on the payment's chain
   * (a mined one, whatever its status, stays the payment's: 409). The old hash stays in the
   * order's log; the old job stops at its next run (crypto-verification.ts).
   */
  private async replaceTransaction(userId: string, p: repo.CryptoPaymentView, txHash: string): Promise<void> {
    const recorded = p.txHash;
    if (!recorded || (p.status !== 'verifying' && p.status !== 'awaiting_transfer'))
      throw conflict(CRYPTO_MSG.otherTransaction);
    const chain = chainById(this.d.chains, p.chainId);
    if (!chain) throw notAvailable();
    let mined: boolean;
    try {
      mined = await isMined(await checkedClientFor(chain), recorded as Hash);
    } catch (err) {
      logChainError(this.d.log, err, chain.id, 'crypto transaction could not be looked up');
      throw notAvailable();
    }
    if (mined) throw conflict(CRYPTO_MSG.otherTransaction);
    await this.d.db.transaction(async (tx) => {
      if (await repo.replaceTransaction(tx, p.id, recorded, txHash)) {
        // The first hash stays in the order's log, for support.
        await this.d.orders.logPaymentObservationInTx(
          tx,
          p.orderId,
          'transaction_replaced',
          {
            crypto_payment: p.tid,
            replaced_txh: recorded,
            txh: txHash,
            content: 'Another transaction reported while the recorded one was not mined',
          },
        );
      } else {
        // Decided or replaced by another report meanwhile: only the same replacement is the same request.
        const now = await repo.findById(tx, p.id);
        if (now?.txHash !== txHash) throw conflict(CRYPTO_MSG.otherTransaction);
      }
      await queueVerification(tx, this.d.orders, p, txHash);
    });
  }

  /** GET /api/payment/eth_crypto/{tid}: the payment as it is now (the browser polls while `verifying`). */
  async read(userId: string, tid: string): Promise<CryptoVerifyResponse> {
    return this.answer(await this.owned(userId, tid));
  }

  /**
   * A step the browser reports: kept in the order's log (`route` says which page sent it: a
   * land purchase by crypto reports as `land_eth_crypto`), never trusted. The one exception is a
   * page closing before any transaction was reported: the server then looks on chain soon
   * (crypto-transfer-sweep.ts), with the same rules as ever, in case the transfer had just left.
   */
  async report(userId: string, body: CryptoStatusBody, route: 'eth_crypto' | 'land_eth_crypto' | 'minting_request' = 'eth_crypto'): Promise<CryptoStatusResponse> {
    const p = await this.owned(userId, body.tid);
    await this.d.orders.logBrowserReport(userId, p.orderCode, 'browser_report', {
      route,
      crypto_payment: p.tid,
      step: body.step,
      content: body.content ?? null,
      result: body.result ?? null,
      payload: body.payload ?? null,
    });
    if (body.step === 'CLOSE_BROWSER' && p.status === 'awaiting_transfer') {
      await queueTransferSearchAfterClose(this.d.db, p.id);
      this.d.wakeJobs();
    }
    return { error: false, status: p.status as CryptoStatusResponse['status'] };
  }

  /** The caller's payment; another player's tid is the same 404 as an unknown one. */
  private async owned(userId: string, tid: string): Promise<repo.CryptoPaymentView> {
    const p = await repo.findByTid(this.d.db, tid);
    if (!p || p.userId !== userId) throw notFound(CRYPTO_MSG.noSuchPayment);
    return p;
  }

  /** The payment once the job has decided it, or as it is when the wait runs out. */
  private async decided(id: number): Promise<repo.CryptoPaymentView> {
    const until = Date.now() + (this.d.verifyWaitMs ?? DEFAULT_VERIFY_WAIT_MS);
    for (;;) {
      const p = await repo.findById(this.d.db, id);
      if (!p) throw notFound(CRYPTO_MSG.noSuchPayment);
      if (p.status !== 'verifying' || Date.now() >= until) return p;
      await new Promise((r) => setTimeout(r, VERIFY_POLL_MS));
    }
  }

  private answer(p: repo.CryptoPaymentView): CryptoVerifyResponse {
    const status = p.status as CryptoVerifyResponse['status'];
    const common = {
      status,
      invoice_code: p.orderCode,
      txh: p.txHash,
      explorerTxUrl: explorerTxUrl(chainById(this.d.chains, p.chainId), p.txHash),
    };
    switch (status) {
      case 'paid':
        return { error: false, msg: CRYPTO_MSG.paid, ...common };
      case 'failed':
        return { error: true, code: 'PAYMENT_FAILED', msg: p.failure ?? CRYPTO_MSG.cannotValidate, ...common };
      case 'review':
        return { error: true, code: 'PAYMENT_REVIEW', msg: p.failure ?? CRYPTO_MSG.late, ...common };
      case 'verifying':
        return { error: false, msg: CRYPTO_MSG.verifying, ...common };
      default:
        return {
          error: false,
          msg: p.expiresAt.getTime() > Date.now() ? CRYPTO_MSG.awaiting : CRYPTO_MSG.quoteExpired,
          ...common,
        };
    }
  }
}
