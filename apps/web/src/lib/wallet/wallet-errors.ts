import { WalletError } from './wallet-api.ts';

/** storefront.md §5 and §8: the texts players see when the wallet is missing or says no. */
export const NO_WALLET_MSG = 'Please install Metamask and connect your wallet';
export const REFUSED_MSG = 'User denied web3 access. Please install Metamask and connect your wallet';
export const REQUEST_PENDING_MSG =
  'Your wallet already has a request waiting. Open your wallet, answer it, then try again.';
export const WALLETCONNECT_UNSET_MSG = 'WalletConnect is not set up on this server (no project id).';

/** What the runtime was doing when the wallet or the library failed. */
export type WalletStep = 'connect' | 'sign' | 'switch' | 'send' | 'receipt';

type Shape = { name?: unknown; code?: unknown; shortMessage?: unknown; message?: unknown; cause?: unknown };

/**
 * wagmi and viem wrap the wallet's own EIP-1193 error (`{ code: 4001 }`) in their error classes,
 * sometimes several layers deep; the verdict is wherever it sits in the chain of causes.
 * Matching by name and code (not instanceof) keeps this file free of wagmi, so it is cheap to test.
 */
function chainOf(error: unknown): Shape[] {
  const seen: Shape[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && seen.length < 10 && !seen.includes(current as Shape)) {
    seen.push(current as Shape);
    current = (current as Shape).cause;
  }
  return seen;
}

const has = (chain: Shape[], test: (e: Shape) => boolean) => chain.some(test);

/** EIP-1193 4001 "User rejected the request"; WalletConnect reports a closed QR modal in words only. */
const isRejection = (e: Shape) =>
  e.code === 4001 ||
  e.name === 'UserRejectedRequestError' ||
  (typeof e.message === 'string' && /user (rejected|denied)|connection request reset/i.test(e.message));

const isMissingProvider = (e: Shape) =>
  e.name === 'ProviderNotFoundError' || e.name === 'ConnectorNotFoundError';

/** -32002: the wallet is still showing an earlier prompt (MetaMask's "Request already pending"). */
const isPending = (e: Shape) => e.code === -32002 || e.name === 'ResourceUnavailableRpcError';

const isChainProblem = (e: Shape) =>
  e.name === 'ChainMismatchError' ||
  e.name === 'ConnectorChainMismatchError' ||
  e.name === 'ChainNotConfiguredError' ||
  e.name === 'SwitchChainNotSupportedError';

/** viem's one-line summary, else the first line of the message: never a stack of meta lines. */
function shortText(chain: Shape[]): string {
  for (const e of chain) {
    if (typeof e.shortMessage === 'string' && e.shortMessage) return e.shortMessage;
  }
  const first = chain.find((e) => typeof e.message === 'string' && e.message);
  return first ? String(first.message).split('\n')[0]!.slice(0, 200) : 'Unknown wallet error.';
}

/** Turns whatever the wallet stack threw into the one error the app branches on. */
export function toWalletError(error: unknown, step: WalletStep, chainName?: string): WalletError {
  if (error instanceof WalletError) return error;
  const chain = chainOf(error);
  if (has(chain, isMissingProvider)) return new WalletError('no_wallet', NO_WALLET_MSG);
  if (has(chain, isRejection)) return new WalletError('refused', REFUSED_MSG);
  if (has(chain, isPending)) return new WalletError('refused', REQUEST_PENDING_MSG);
  const detail = shortText(chain);
  if (step === 'switch' || has(chain, isChainProblem)) {
    const target = chainName ? `to ${chainName}` : 'to the payment network';
    return new WalletError('wrong_chain', `Your wallet could not switch ${target}: ${detail}`);
  }
  if (step === 'send') return new WalletError('send_failed', `Your wallet did not send the transaction: ${detail}`);
  if (step === 'receipt') return new WalletError('tx_failed', `The transaction could not be confirmed: ${detail}`);
  if (step === 'sign') return new WalletError('refused', `Your wallet did not sign the message: ${detail}`);
  return new WalletError('refused', `Your wallet did not connect: ${detail}`);
}

/**
 * The custom error a reverted contract call names ('InsufficientRewardPool', 'NothingToClaim'),
 * wherever viem put its decoding (ContractFunctionRevertedError.data.errorName) in the causes.
 */
export function contractErrorOf(error: unknown): string | undefined {
  for (const e of chainOf(error)) {
    const data = (e as { data?: unknown }).data;
    if (data && typeof data === 'object' && typeof (data as { errorName?: unknown }).errorName === 'string') {
      return (data as { errorName: string }).errorName;
    }
  }
  return undefined;
}

/** A contract call's failure: the wallet's verdict, carrying the contract's error name when it reverted. */
export function toContractCallError(error: unknown, step: 'send' | 'receipt', chainName?: string): WalletError {
  const base = toWalletError(error, step, chainName);
  const name = contractErrorOf(error);
  if (!name || base.kind === 'refused' || base.contractError) return base;
  return new WalletError(base.kind, `The contract refused the call: ${name}.`, name);
}
