import type { CryptoVerifyBody, CryptoVerifyResponse, PublicChain } from '@starport/schemas';
import type { HexString, TransferReceipt, WalletRuntime } from '../../../lib/wallet/wallet-api.ts';
import type { CryptoPurchase } from './checkout-purchase.ts';
import { verifyCryptoPayment } from '../api/crypto-api.ts';
import { verifyCallFailure } from './crypto-failures.ts';

/**
 * The two things a sent transfer waits on, side by side: the server, told the hash at once,
 * and the wallet's receipt, which only drives the screens (crypto-flow.ts).
 */

/** What …/verify did with a hash: the server's answer, no answer (hand it over again), or a refusal. */
export type HandOver =
  | { kind: 'answered'; answer: CryptoVerifyResponse }
  | { kind: 'unreachable'; message: string }
  | { kind: 'refused'; message: string };

/** POST …/verify. Never throws: a failed call is one of the outcomes. */
export async function handOverTransfer(purchase: CryptoPurchase, body: CryptoVerifyBody): Promise<HandOver> {
  try {
    return { kind: 'answered', answer: await verifyCryptoPayment(purchase, body) };
  } catch (error) {
    const { retry, message } = verifyCallFailure(error);
    return retry ? { kind: 'unreachable', message } : { kind: 'refused', message };
  }
}

/**
 * The receipt as the wallet sees it, or 'unknown' when it cannot tell within `ms`: the
 * server has the hash and reads the chain itself, so the player is not kept waiting on a
 * wallet that never answers.
 */
export async function receiptWithin(
  wallet: WalletRuntime,
  chain: PublicChain,
  hash: HexString,
  ms: number,
): Promise<TransferReceipt | 'unknown'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const givenUp = new Promise<'unknown'>((resolve) => {
    timer = setTimeout(() => resolve('unknown'), ms);
  });
  try {
    return await Promise.race([wallet.waitForReceipt({ chain, hash }), givenUp]);
  } catch (error) {
    // Not a revert (that is a status): the receipt could not be read, so the server judges alone.
    console.warn('Could not read the transfer receipt', error);
    return 'unknown';
  } finally {
    clearTimeout(timer);
  }
}

export const sameHash = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
