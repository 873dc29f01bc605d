import type { HexString, WalletChoice, WalletRuntime } from '../../../lib/wallet/wallet-api.ts';
import { WalletError } from '../../../lib/wallet/wallet-api.ts';
import { NO_WALLET } from './messages.ts';

/** The wallet answered with an account that is not the one linked to the player's account. */
export class WrongAccountError extends Error {
  constructor(
    readonly account: string,
    readonly linked: string,
  ) {
    super(`Your wallet is using ${account}, but your account is linked to ${linked}.`);
    this.name = 'WrongAccountError';
  }
}

const sameAddress = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** A browser wallet when there is one, else WalletConnect when it is set up; none: step 11. */
function choiceOf(wallet: WalletRuntime): WalletChoice {
  const { browser, walletconnect } = wallet.choices();
  if (browser.available) return 'browser';
  if (walletconnect.available) return 'walletconnect';
  throw new WalletError('no_wallet', NO_WALLET);
}

/**
 * The account that pays: the wallet's connected account when it already is the linked one,
 * otherwise the wallet is asked (again) for its account. The server credits a transfer only
 * from the linked wallet (QUALITY.md "Crypto payments"), so any other account stops here,
 * before anything is sent.
 */
export async function connectLinkedAccount(wallet: WalletRuntime, linked: string): Promise<HexString> {
  const current = wallet.account();
  if (current && sameAddress(current, linked)) return current;
  const choice = choiceOf(wallet);
  // With several browser wallets, the one that connected the linked account before is asked.
  const account = await wallet.connect(choice, choice === 'browser' ? wallet.browserWalletOf(linked) : undefined);
  if (!sameAddress(account, linked)) throw new WrongAccountError(account, linked);
  return account;
}

/** The transfer a quote asks for, checked before it goes to the wallet. */
export type QuotedTransfer = { token: HexString; to: HexString; amount: bigint };

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BASE_UNITS = /^[1-9][0-9]{0,77}$/;

/** null when the quote is not something a wallet can send (an empty amount, a malformed address). */
export function transferOf(quote: {
  tokenAddress: string;
  targetWallet: string;
  amountBase: string;
}): QuotedTransfer | null {
  const { tokenAddress, targetWallet, amountBase } = quote;
  if (!ADDRESS.test(tokenAddress) || !ADDRESS.test(targetWallet) || !BASE_UNITS.test(amountBase)) return null;
  return { token: tokenAddress as HexString, to: targetWallet as HexString, amount: BigInt(amountBase) };
}
