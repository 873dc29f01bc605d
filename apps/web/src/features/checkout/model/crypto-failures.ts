import { CRYPTO_STEPS, type ShopCryptoStep } from '@starport/schemas/crypto-steps';
import { isApiError } from '../../../lib/api-client.ts';
import { messageOf, NETWORK_ERROR_MSG } from '../../../lib/api-error.ts';
import { WalletError } from '../../../lib/wallet/wallet-api.ts';
import { WrongAccountError } from './crypto-wallet.ts';
import {
  CRYPTO_NETWORK_ERROR,
  CRYPTO_NOT_STARTED,
  MINT_REQUEST_ERROR,
  NO_WALLET,
  SIGN_IN_TO_PAY,
  TRANSACTION_ERROR,
  WALLET_REFUSED,
} from './messages.ts';
import { TOO_MANY_UNPAID, type PaymentStepError } from '../components/payment-error.tsx';

/** What the payment dialog shows when a crypto payment stops short of a purchase. */
export type CryptoFailure = {
  title: string;
  message: string | null;
  /** the transfer, once one was sent: the player needs it to contact support */
  txh: string | null;
  /** the start call's 409 for a player with no linked wallet: offer to link one */
  linkWallet?: boolean;
  /** the player has too many unpaid orders: My Orders is where to pay or cancel one */
  myOrders?: boolean;
  /** no wallet in this browser (step 11): on a phone, offer the wallet app */
  noWallet?: boolean;
  /** the transfer was sent but could not be handed to the server: offer to hand it over again */
  retryVerify?: boolean;
};

export type CryptoStep = number | ShopCryptoStep;

/** Which step a wallet failure is reported as, and what the player reads. */
export type WalletFailure = { step: CryptoStep; failure: CryptoFailure };

export const WRONG_ACCOUNT = 'This is not the wallet linked to your account';
export const REVERTED_MSG = 'The transfer failed on the blockchain (reverted). No tokens were moved.';
export const CANCELLED_MSG =
  'The transfer was cancelled in your wallet (replaced by a transaction that moves nothing), so nothing was paid. Please start again.';
export const QUOTE_EXPIRED_MSG = 'This payment expired before it was sent. Please start again.';
export const VERIFY_TIMEOUT_MSG = 'Checking your transfer took too long.';
export const NOT_HANDED_OVER_MSG =
  'Your transfer was sent, but we could not reach the server to check it. Please try again.';
export const WALLET_LOAD_FAILED_MSG = 'The wallet connection could not be loaded. Please try again.';

const failure = (title: string, message: string | null, extra: Partial<CryptoFailure> = {}): CryptoFailure => ({
  title,
  message,
  txh: null,
  ...extra,
});

const messageOfError = (error: unknown): string | null =>
  error instanceof Error && error.message ? error.message : null;

/**
 * The start call (or the cart's stock check before it) refused: nothing was sent. A ship's mint
 * request is titled as the spec titles it ("Payment request error !!", §8) and answers 400, not
 * 409, to a player with no linked wallet.
 */
export function startFailure(error: PaymentStepError, hasLinkedWallet: boolean, shipMint = false): CryptoFailure {
  const status = isApiError(error.original) ? error.original.status : null;
  const noWalletStatus = shipMint ? 400 : 409;
  const title = shipMint ? MINT_REQUEST_ERROR : CRYPTO_NOT_STARTED;
  if (status === 401) return failure(title, SIGN_IN_TO_PAY);
  if (status === 0) return failure(CRYPTO_NETWORK_ERROR, NETWORK_ERROR_MSG);
  // Spec §8 "Shop server error": the shop's stock check says what is missing.
  if (error.step === 'stock') return failure('Something went wrong!', error.message);
  // The server says why (e.g. 'Link a wallet to your account to pay with crypto.'); the link
  // is offered only to a player whose account has no wallet, not for a sold-out 409.
  const code = isApiError(error.original) ? error.original.code : null;
  if (code === TOO_MANY_UNPAID) return failure(title, error.message, { myOrders: true });
  return failure(title, error.message, { linkWallet: status === noWalletStatus && !hasLinkedWallet });
}

/**
 * A wallet failure at one stage of the payment (spec §4): no wallet is step 11, a refusal 12,
 * a transfer the wallet did not send 21, a transfer that failed on chain 22. A failed network
 * switch has no number of its own: it is reported under the shop's SWITCH_CHAIN_CHECK_NETWORK.
 */
export function walletFailure(stage: 'connect' | 'switch' | 'send', error: unknown): WalletFailure {
  if (error instanceof WrongAccountError) {
    return {
      step: CRYPTO_STEPS.ACCESS_DENIED,
      failure: failure(WRONG_ACCOUNT, `${error.message} Switch to that account in your wallet and try again.`),
    };
  }
  const kind = error instanceof WalletError ? error.kind : null;
  const detail = messageOfError(error);
  if (kind === 'no_wallet' || kind === 'unavailable') {
    return {
      step: CRYPTO_STEPS.NO_WALLET,
      failure: failure(NO_WALLET, kind === 'unavailable' ? detail : null, { noWallet: true }),
    };
  }
  if (stage === 'send') {
    const step =
      kind === 'refused'
        ? CRYPTO_STEPS.ACCESS_DENIED
        : kind === 'tx_failed'
          ? CRYPTO_STEPS.TRANSACTION_ERROR
          : CRYPTO_STEPS.SEND_ERROR;
    return { step, failure: failure(TRANSACTION_ERROR, detail) };
  }
  if (kind === 'refused' || stage === 'connect') {
    return { step: CRYPTO_STEPS.ACCESS_DENIED, failure: failure(WALLET_REFUSED, null) };
  }
  return { step: 'SWITCH_CHAIN_CHECK_NETWORK', failure: failure(TRANSACTION_ERROR, detail) };
}

/**
 * …/verify itself failed. No answer (network, 5xx, 429): the transfer has not reached the
 * server, so it can be handed over again. Any other answer is the server's refusal.
 */
export function verifyCallFailure(error: unknown): { retry: boolean; message: string } {
  const status = isApiError(error) ? error.status : 0;
  if (status === 0 || status === 429 || status >= 500) return { retry: true, message: NOT_HANDED_OVER_MSG };
  return { retry: false, message: messageOf(error) };
}
