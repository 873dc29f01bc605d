import type { CryptoQuote, CryptoVerifyBody, CryptoVerifyResponse } from '@starport/schemas';
import { api, isApiError } from '../../../lib/api-client.ts';
import { validateStock } from './validate-stock.ts';
import type { AttemptKey } from '../model/attempt-key.ts';
import { paymentLinesOf, type CryptoPurchase } from '../model/checkout-purchase.ts';
import { stepOf } from '../components/payment-error.tsx';

/**
 * The crypto payment calls (storefront.md §7, owned-assets.md §7.6 for land credit; contracts in
 * @starport/schemas crypto-payments).
 * Each purchase kind has its own start and verify call; they all answer the same quote, and
 * every session is then read back through GET /api/payment/eth_crypto/{tid}.
 */

/** Where a purchase's start call lives; its verify call is `${base}/verify` (a ship's mint fee aside). */
const startPathOf = (purchase: CryptoPurchase): string => {
  switch (purchase.kind) {
    case 'ship_mint':
      return '/api/minting/request/';
    case 'cart':
      return '/api/shop_payment/eth_crypto';
    case 'item':
      return '/api/payment/eth_crypto';
    case 'land_credit':
      return '/api/credit/payment/eth_crypto';
    default:
      return '/api/marketplace/buy_session';
  }
};

/**
 * Opens the crypto payment: the server prices it, reserves it and answers what to send where.
 * The shop cart's stock is checked first (spec §4), as for the card. Failures are tagged with
 * their step ('stock' or 'buy') so the dialog can title them as the spec does.
 */
export async function openCryptoPayment(purchase: CryptoPurchase, attempt: AttemptKey): Promise<CryptoQuote> {
  const path = startPathOf(purchase);
  const open = (body: object) => stepOf('buy', attempt.run((headers) => api.post<CryptoQuote>(path, body, { headers })));
  // A listing carries the price the buyer saw: a price changed since is a 409 naming the new one.
  if (purchase.kind === 'listing') return open({ id: purchase.listing.id, price_micro: purchase.listing.sell_price_micro });
  if (purchase.kind === 'item') {
    const { id, object } = purchase.item;
    return open({ id, object });
  }
  // The server locks the ship and prices its mint fee itself (owned-assets.md §4.2, §7.7).
  if (purchase.kind === 'ship_mint') return open({ item_id: purchase.itemId });
  // A top-up names only how many credits: the server prices them (spec §7.6).
  if (purchase.kind === 'land_credit') return open({ quantity: purchase.quantity });
  const ids = paymentLinesOf(purchase);
  await stepOf('stock', validateStock(ids));
  return open({ ids });
}

/**
 * A decided payment that did not go through is an answer, not a failed call: the server sends
 * `failed` and `review` as `{ error: true, code: PAYMENT_FAILED | PAYMENT_REVIEW, msg }` with a
 * 200, which the API client throws. Turned back into the answer they are here.
 */
async function answerOf(call: Promise<CryptoVerifyResponse>): Promise<CryptoVerifyResponse> {
  try {
    return await call;
  } catch (error) {
    if (!isApiError(error) || !(error.code === 'PAYMENT_FAILED' || error.code === 'PAYMENT_REVIEW')) throw error;
    const status = error.code === 'PAYMENT_REVIEW' ? 'review' : 'failed';
    return { error: true, code: error.code, msg: error.msg, status, invoice_code: '', txh: null, explorerTxUrl: null };
  }
}

/**
 * POST …/verify: hands the sent transfer to the server, which checks it on chain (waits up to 4 s).
 * A ship's mint fee goes to POST /api/minting/request/verify_payment, which takes `{tid, txh}` only.
 */
export const verifyCryptoPayment = (purchase: CryptoPurchase, body: CryptoVerifyBody) =>
  answerOf(
    purchase.kind === 'ship_mint'
      ? api.post<CryptoVerifyResponse>('/api/minting/request/verify_payment', { tid: body.tid, txh: body.txh })
      : api.post<CryptoVerifyResponse>(`${startPathOf(purchase)}/verify`, body),
  );

/** GET /api/payment/eth_crypto/{tid}: the session as the server has it now (asked while `verifying`). */
export const getCryptoPayment = (tid: string) =>
  answerOf(api.get<CryptoVerifyResponse>(`/api/payment/eth_crypto/${encodeURIComponent(tid)}`));
