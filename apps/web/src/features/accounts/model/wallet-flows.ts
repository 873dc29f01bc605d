import type { ConnectWalletResponse, WalletLoginResponse } from '@starport/schemas';
import { ApiError } from '../../../lib/api-error.ts';
import { getWalletRef } from '../../../lib/session-storage.ts';
import { WalletError, type WalletPick, type WalletRuntime } from '../../../lib/wallet/wallet-api.ts';
import { getConnectWalletNonce } from '../api/connect-wallet-nonce.ts';
import { postConnectWallet } from '../api/connect-wallet.ts';
import { getWalletLoginNonce } from '../api/wallet-login-nonce.ts';
import { postWalletSignature } from '../api/wallet-login-signature.ts';

/** Where a wallet flow stands, so the dialog can tell the player what the wallet is waiting for. */
export type WalletStep = 'connecting' | 'signing' | 'verifying';

type Progress = (step: WalletStep) => void;

/**
 * Sign-In with Ethereum: the wallet's account, the server's message for it, the wallet's
 * signature, then the session. The referral code kept from a `code` link goes with it.
 */
export async function signInWithWallet(
  wallet: WalletRuntime,
  pick: WalletPick,
  onStep: Progress,
): Promise<WalletLoginResponse> {
  onStep('connecting');
  const address = await wallet.connect(pick.choice, pick.walletId);
  const { message } = await getWalletLoginNonce(address);
  onStep('signing');
  const signature = await wallet.signMessage(message);
  onStep('verifying');
  const walletRef = getWalletRef();
  return postWalletSignature(address, { signature, message, ...(walletRef ? { wallet_ref: walletRef } : {}) });
}

/** Signed in with e-mail: proves the wallet is the player's and links it to the account. */
export async function linkWallet(
  wallet: WalletRuntime,
  pick: WalletPick,
  onStep: Progress,
): Promise<ConnectWalletResponse> {
  onStep('connecting');
  const address = await wallet.connect(pick.choice, pick.walletId);
  const { message } = await getConnectWalletNonce(address);
  onStep('signing');
  const signature = await wallet.signMessage(message);
  onStep('verifying');
  return postConnectWallet({ wallet: address, signature, message });
}

export const STEP_TEXT: Record<WalletStep, string> = {
  connecting: 'Confirm the connection in your wallet…',
  signing: 'Sign the message in your wallet. It costs nothing and sends no transaction.',
  verifying: 'Checking the signature…',
};

/** The wallet's words (spec §8 "No wallet", "Wallet refused") or the server's msg (spec §4). */
export function walletFlowMessage(error: unknown): string {
  if (error instanceof WalletError) return error.message;
  if (error instanceof ApiError) return error.msg;
  return 'Something went wrong with the wallet. Please try again.';
}
