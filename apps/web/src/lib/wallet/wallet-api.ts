import type { PublicChain } from '@starport/schemas/chain';
import type { Abi } from 'viem';

/**
 * What the app asks of a wallet. The implementation (wallet-runtime.ts: wagmi + viem,
 * EIP-6963 discovery, WalletConnect when configured) is a separate chunk loaded on first use,
 * so visitors who never touch a wallet never download it (ARCHITECTURE.md "Stack").
 */
export type HexString = `0x${string}`;

export type WalletErrorKind =
  /** no browser wallet installed (step 11; 'Please install Metamask and connect your wallet') */
  | 'no_wallet'
  /** the player refused access or closed the wallet (step 12; 'User denied web3 access. …') */
  | 'refused'
  /** switching to / adding the payment chain failed */
  | 'wrong_chain'
  /** the wallet did not send (step 21) */
  | 'send_failed'
  /** the transaction's outcome could not be read (a revert is a receipt status, not this error) */
  | 'tx_failed'
  /** WalletConnect chosen without a project id */
  | 'unavailable';

export class WalletError extends Error {
  constructor(
    readonly kind: WalletErrorKind,
    message: string,
    /** the contract's custom error (e.g. 'InsufficientRewardPool') when a contract call reverted */
    readonly contractError?: string,
  ) {
    super(message);
    this.name = 'WalletError';
  }
}

export type WalletChoice = 'browser' | 'walletconnect';

/** A wallet the browser offers (an extension): EIP-6963 names it; `id` is its rdns, stable between visits. */
export type BrowserWallet = { id: string; name: string };

/** What the player picked: a kind of wallet and, among several browser wallets, which one. */
export type WalletPick = { choice: WalletChoice; walletId?: string };

/**
 * What became of a sent transaction. A wallet can replace it (same nonce) before it is mined:
 * sped up, it is mined under another hash; cancelled, a transaction that moves nothing takes
 * its place and it is never mined at all.
 */
export type TransferReceipt = {
  /** the mined transaction's status; 'cancelled' when the wallet's cancellation was mined instead */
  status: 'success' | 'reverted' | 'cancelled';
  /** the transaction that was mined: the one sent, or the one that replaced it (lower-cased) */
  hash: HexString;
};

export type WalletRuntime = {
  /**
   * Which choices work here; WalletConnect says why it does not when it does not. The browser
   * wallets come in the browser's order, its default wallet (window.ethereum) first.
   */
  choices(): {
    browser: { available: boolean; wallets: BrowserWallet[] };
    walletconnect: { available: boolean; reason?: string };
  };
  /**
   * Asks the wallet for its account; resolves to the lower-cased address. `walletId` picks one
   * of several browser wallets; without it, the browser wallet last used on this device (or the
   * default one) answers, so a payment asks the wallet the player signed in with.
   */
  connect(choice: WalletChoice, walletId?: string): Promise<HexString>;
  /**
   * The browser wallet (its id) that last connected `address` on this device, when it is still
   * installed: a payment asks the wallet that holds the linked account, whichever was used last.
   */
  browserWalletOf(address: string): string | undefined;
  /** the connected account, if any */
  account(): HexString | undefined;
  /** personal_sign of a text message (EIP-4361) by the connected account */
  signMessage(message: string): Promise<HexString>;
  /** switches the wallet to the chain, adding it first when the wallet does not know it */
  switchChain(chain: PublicChain): Promise<void>;
  /**
   * ERC-20 transfer(to, amount) from the connected account; resolves with the tx hash once sent.
   * `gas` fixes the gas limit (the Gin burn asks 500000, owned-assets.md §9); else the wallet estimates.
   */
  sendTokenTransfer(p: {
    chain: PublicChain;
    token: HexString;
    to: HexString;
    amount: bigint;
    gas?: bigint;
  }): Promise<HexString>;
  /** waits until the transaction, or the one that replaced it, is mined; throws when that cannot be read */
  waitForReceipt(p: { chain: PublicChain; hash: HexString }): Promise<TransferReceipt>;
  /**
   * A contract call from the connected account (staking: approve, stake, unstake, claim). It is
   * simulated first, so a revert is reported with the contract's error name before anything is sent.
   * Optional so the payment flows' test doubles, which never call contracts, need not offer it.
   */
  writeContract?(p: ContractCall): Promise<HexString>;
  /** a view call through the wallet's own connection (the page's CSP reaches no other RPC) */
  readContract?(p: ContractCall): Promise<unknown>;
  disconnect(): Promise<void>;
};

/** A function of a contract on a chain; the ABI comes from @starport/chain, loaded lazily by the caller. */
export type ContractCall = {
  chain: PublicChain;
  address: HexString;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
};

let runtime: Promise<WalletRuntime> | undefined;

/** The wallet chunk, loaded once on first use. A failed load (offline, server down) is not kept: the next call tries again. */
export function loadWallet(): Promise<WalletRuntime> {
  runtime ??= import('./wallet-runtime.ts')
    .then((m) => m.createWalletRuntime())
    .catch((error: unknown) => {
      runtime = undefined;
      throw error;
    });
  return runtime;
}
