import type { PublicChain } from '@starport/schemas';
import type { HexString, TransferReceipt, WalletChoice, WalletRuntime } from '../../../lib/wallet/wallet-api.ts';
import { WalletError } from '../../../lib/wallet/wallet-api.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';

/** Test stand-ins for the crypto checkout: the wallet (wallet-api.ts's WalletRuntime) and the API. */

export const PAYER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as HexString;
export const OTHER_ACCOUNT = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' as HexString;
export const TREASURY = '0x90f79bf6eb2c4f870365e785982e1f101e93b906' as HexString;
export const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3' as HexString;
export const TXH = `0x${'ab'.repeat(32)}` as HexString;
/** the transaction a wallet mined in place of TXH (sped up or cancelled) */
export const REPLACEMENT_TXH = `0x${'cd'.repeat(32)}` as HexString;
export const TID = 'SP-CRYPTO7K3M';
export const EXPLORER_TX = `https://sepolia.basescan.org/tx/${TXH}`;

export const CHAIN: PublicChain = {
  id: 84532,
  name: 'Base Sepolia',
  rpcUrl: 'http://127.0.0.1:8545',
  explorerUrl: 'https://sepolia.basescan.org',
  nativeSymbol: 'ETH',
  confirmations: 1,
};

export const chainInfo = (payment = true) => ({
  error: false,
  signInChainId: CHAIN.id,
  chains: [CHAIN],
  payment: payment
    ? { chainId: CHAIN.id, token: { address: TOKEN, symbol: 'USDC', decimals: 6 }, recipient: TREASURY }
    : null,
  local: false,
});

export const quote = (over: Record<string, unknown> = {}) => ({
  error: false,
  msg: 'Send the amount from your linked wallet to pay for this order.',
  tid: TID,
  invoice_code: TID,
  targetNetworkId: CHAIN.id,
  targetWallet: TREASURY,
  tokenAddress: TOKEN,
  tokenSymbol: 'USDC',
  tokenDecimals: 6,
  amountCurrency: '237.500000',
  amountBase: '237500000',
  totalUSD: 237.5,
  payerWallet: PAYER,
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  ...over,
});

export const verdict = (status: 'verifying' | 'paid' | 'failed' | 'review', msg = '') => {
  const decided = status === 'failed' || status === 'review';
  return {
    error: decided,
    ...(decided ? { code: status === 'failed' ? 'PAYMENT_FAILED' : 'PAYMENT_REVIEW' } : {}),
    msg,
    status,
    invoice_code: TID,
    txh: TXH,
    explorerTxUrl: status === 'paid' ? EXPLORER_TX : null,
  };
};

/** A promise settled from outside: lets a test look at the page while the wallet "waits". */
export function gate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/**
 * A wallet as wallet-runtime.ts presents it, told what to do: which account it gives, whether
 * it exists, refuses, fails to send, whether the transfer reverts or is replaced, and how long
 * its receipt takes. Records what it was asked.
 */
export class FakeWallet implements WalletRuntime {
  asked: string[] = [];
  sent: Array<{ chain: PublicChain; token: HexString; to: HexString; amount: bigint }> = [];
  switchedTo: number[] = [];
  connected: HexString | undefined;
  installed = true;
  gives: HexString = PAYER;
  connectError: WalletError | null = null;
  switchError: WalletError | null = null;
  sendError: WalletError | null = null;
  receipt: TransferReceipt['status'] = 'success';
  /** the hash mined instead of the one sent (the wallet replaced the transfer) */
  minedAs: HexString | null = null;
  /** held until opened: the connect, switch or send "popup" stays up */
  holdConnect: Promise<void> | null = null;
  holdSwitch: Promise<void> | null = null;
  holdSend: Promise<void> | null = null;
  /** the receipt comes once this settles (a promise that never does: a receipt never read) */
  holdReceipt: Promise<void> | null = null;

  choices() {
    return {
      browser: { available: this.installed, wallets: this.installed ? [{ id: 'io.metamask', name: 'MetaMask' }] : [] },
      walletconnect: { available: false, reason: 'WalletConnect is not set up on this server (no project id).' },
    };
  }

  /** the wallet id browserWalletOf() answers for any address (none by default) */
  rememberedWallet: string | undefined = undefined;

  browserWalletOf(): string | undefined {
    return this.rememberedWallet;
  }

  async connect(choice: WalletChoice, walletId?: string): Promise<HexString> {
    this.asked.push(walletId ? `connect:${choice}:${walletId}` : `connect:${choice}`);
    await this.holdConnect;
    if (this.connectError) throw this.connectError;
    this.connected = this.gives;
    return this.gives;
  }

  account(): HexString | undefined {
    return this.connected;
  }

  async signMessage(): Promise<HexString> {
    throw new Error('not used by payments');
  }

  async switchChain(chain: PublicChain): Promise<void> {
    this.asked.push(`switch:${chain.id}`);
    await this.holdSwitch;
    if (this.switchError) throw this.switchError;
    this.switchedTo.push(chain.id);
  }

  async sendTokenTransfer(p: {
    chain: PublicChain;
    token: HexString;
    to: HexString;
    amount: bigint;
  }): Promise<HexString> {
    this.asked.push('send');
    await this.holdSend;
    if (this.sendError) throw this.sendError;
    this.sent.push(p);
    return TXH;
  }

  async waitForReceipt({ hash }: { chain: PublicChain; hash: HexString }): Promise<TransferReceipt> {
    this.asked.push(`receipt:${hash}`);
    await this.holdReceipt;
    return { status: this.receipt, hash: this.minedAs ?? hash };
  }

  async disconnect(): Promise<void> {
    this.connected = undefined;
  }
}

export type CryptoAnswers = {
  sale?: 0 | 1;
  payment?: boolean;
  start?: () => Response;
  /** the answers of …/verify, in turn (the last repeats) */
  verify?: Array<() => Response>;
  /** the answers of GET /api/payment/eth_crypto/{tid}, in turn (the last repeats) */
  poll?: Array<() => Response>;
  /** the answer to any other call the page makes (the top-up's terms), or undefined: a 404 */
  other?: (path: string) => Response | undefined;
};

const priceSummary = {
  error: false,
  data: {
    totalsub: 237.5,
    discount: 0,
    priceTotal: 237.5,
    basePrice: 237.5,
    discountPercent: 0,
    nextDiscount: 0,
    missingCount: 0,
    totalItems: 1,
    totalsub_micro: '237500000',
    discount_micro: '0',
    priceTotal_micro: '237500000',
    basePrice_micro: '237500000',
    lines: [],
    tiers: [],
  },
};

const START_PATHS = [
  '/api/shop_payment/eth_crypto',
  '/api/payment/eth_crypto',
  '/api/marketplace/buy_session',
  '/api/credit/payment/eth_crypto',
];

/** The API of these tests: every call recorded, each crypto call answered as told. */
export function mockCryptoApi({ sale = 1, payment = true, start, verify, poll, other }: CryptoAnswers = {}) {
  let verifies = 0;
  let polls = 0;
  const inTurn = (answers: Array<() => Response>, n: number) => answers[Math.min(n, answers.length - 1)]!();
  return mockFetch((call: Call) => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path === '/site/setting') return json(200, { error: false, sale_program: sale, home_version: 1 });
    if (path === '/api/getprice') return json(200, priceSummary);
    if (path === '/api/chain/config') return json(200, chainInfo(payment));
    if (path === '/api/shop_payment/stock_validate') return json(200, { error: false, msg: 'Every item is in stock.' });
    if (START_PATHS.includes(path)) return start ? start() : json(200, quote());
    if (START_PATHS.some((p) => path === `${p}/verify`)) {
      return inTurn(verify ?? [() => json(200, verdict('paid', 'Congratulations!'))], verifies++);
    }
    if (path === '/api/payment/eth_crypto/status') return json(200, { error: false, status: 'verifying' });
    if (path === `/api/payment/eth_crypto/${TID}`) return inTurn(poll ?? [() => json(200, verdict('paid'))], polls++);
    const answer = other?.(path);
    if (answer) return answer;
    return json(404, { error: true, code: 'NOT_FOUND', msg: `unexpected ${call.url}` });
  });
}

export const pathOf = (call: Call) => new URL(call.url, 'http://x').pathname;
export const bodiesTo = (calls: Call[], path: string) => calls.filter((c) => pathOf(c) === path).map((c) => c.body);

/** The steps reported, in order. */
export const stepsReported = (calls: Call[]) =>
  (bodiesTo(calls, '/api/payment/eth_crypto/status') as Array<{ step: number | string }>).map((b) => b.step);
