import type { GinConversionStatus, User } from '@starport/schemas';
import type { PublicChain } from '@starport/schemas/chain';
import type { HexString, TransferReceipt, WalletRuntime } from '../../../lib/wallet/wallet-api.ts';
import { WalletError } from '../../../lib/wallet/wallet-api.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';

/** Test stand-ins for the Gin page: the wallet (wallet-api.ts's WalletRuntime) and the API. */

export const PLAYER_WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as HexString;
export const GIN_TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
export const BURN = '0x000000000000000000000000000000000000dead';
export const TID = 'GIN-7K3M';
export const TXH = `0x${'ab'.repeat(32)}` as HexString;
export const TX_URL = `https://bscscan.com/tx/${TXH}`;

export const player = (walletAddress: string | null = PLAYER_WALLET): User => ({
  id: 'u1',
  username: 'pilot',
  email: 'pilot@starport.local',
  active: true,
  avatar: null,
  walletAddress,
  hasPassword: true,
});

const CHAIN: PublicChain = {
  id: 56,
  name: 'BNB Smart Chain',
  rpcUrl: 'http://127.0.0.1:8545',
  explorerUrl: 'https://bscscan.com',
  nativeSymbol: 'BNB',
  confirmations: 1,
};

const network = {
  network: '0x38',
  chain_id: 56,
  name: 'BNB Smart Chain',
  token: GIN_TOKEN,
  token_decimals: 18,
  burn_address: BURN,
  explorer_url: 'https://bscscan.com',
};

export const terms = (networks = [network]) => ({ error: false, networks, dnc_per_gin: 5, min: 1, max: 1_000_000, gas_limit: 500_000 });

export const conversion = (status: GinConversionStatus, over: Record<string, unknown> = {}) => ({
  tid: TID,
  status,
  network: '0x38',
  chain_id: 56,
  total: 3,
  amount: '3000000000000000000',
  dnc: 15,
  token: GIN_TOKEN,
  burn_address: BURN,
  payer: PLAYER_WALLET,
  txh: status === 'quoted' ? null : TXH,
  tx_url: status === 'quoted' ? null : TX_URL,
  failure: null,
  expires_at: '2026-11-27T19:00:00.000Z',
  created_at: '2026-11-27T18:00:00.000Z',
  ...over,
});

export const answer = (status: GinConversionStatus, msg = '', over: Record<string, unknown> = {}) => ({
  error: false,
  msg,
  conversion: conversion(status, over),
  dnc_balance: status === 'credited' ? 115 : 100,
});

export type GinAnswers = {
  terms?: () => Response;
  /** the answers of verify, then of GET /api/convert/gin/:tid, in turn (the last repeats) */
  verify?: () => Response;
  poll?: Array<() => Response>;
};

/** The API of these tests: every call recorded, each Gin call answered as told. */
export function mockGinApi({ terms: termsAnswer, verify, poll }: GinAnswers = {}) {
  let polls = 0;
  return mockFetch((call: Call) => {
    const path = pathOf(call);
    if (path === '/api/chain/config')
      return json(200, { error: false, signInChainId: 56, chains: [CHAIN], payment: null, local: false });
    if (path === '/api/convert/gin/terms') return termsAnswer ? termsAnswer() : json(200, terms());
    if (path === '/api/marketplace/dnc/listing') return json(200, { error: false, amount: 100, listed: 0 });
    if (path === '/api/convert/gin/conversions') return json(200, { error: false, data: [conversion('credited')] });
    if (path === '/api/convert/gin/config') return json(200, { ...conversion('quoted'), error: false, gas_limit: 500_000 });
    if (path === '/api/convert/gin/status') return json(200, { error: false, msg: 'Noted.' });
    if (path === '/api/convert/gin/verify') return verify ? verify() : json(200, answer('verifying', 'Validating.'));
    if (path === `/api/convert/gin/${TID}`) {
      const answers = poll ?? [() => json(200, answer('credited', 'Your DNC is credited.'))];
      return answers[Math.min(polls++, answers.length - 1)]!();
    }
    return json(404, { error: true, code: 'NOT_FOUND', msg: `unexpected ${call.url}` });
  });
}

export const pathOf = (call: Call) => new URL(call.url, 'http://x').pathname;

/** The steps the page reported, in order. */
export const stepsReported = (calls: Call[]) =>
  calls.filter((c) => pathOf(c) === '/api/convert/gin/status').map((c) => (c.body as { step: number }).step);

/** A promise settled from outside: lets a test look at the page while the wallet "waits". */
export function gate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** A wallet as wallet-runtime.ts presents it, told what to do; records what it sent. */
export class FakeGinWallet implements WalletRuntime {
  sent: Array<{ token: HexString; to: HexString; amount: bigint; gas?: bigint }> = [];
  connected: HexString | undefined;
  connectError: WalletError | null = null;
  sendError: WalletError | null = null;
  receipt: TransferReceipt['status'] = 'success';
  holdSend: Promise<void> | null = null;

  choices() {
    return {
      browser: { available: true, wallets: [{ id: 'io.metamask', name: 'MetaMask' }] },
      walletconnect: { available: false, reason: 'WalletConnect is not set up on this server (no project id).' },
    };
  }
  browserWalletOf(): string | undefined {
    return undefined;
  }
  async connect(): Promise<HexString> {
    if (this.connectError) throw this.connectError;
    this.connected = PLAYER_WALLET;
    return PLAYER_WALLET;
  }
  account(): HexString | undefined {
    return this.connected;
  }
  async signMessage(): Promise<HexString> {
    throw new Error('not used by the Gin page');
  }
  async switchChain(): Promise<void> {}
  async sendTokenTransfer(p: { token: HexString; to: HexString; amount: bigint; gas?: bigint }): Promise<HexString> {
    await this.holdSend;
    if (this.sendError) throw this.sendError;
    this.sent.push({ token: p.token, to: p.to, amount: p.amount, gas: p.gas });
    return TXH;
  }
  async waitForReceipt({ hash }: { hash: HexString }): Promise<TransferReceipt> {
    return { status: this.receipt, hash };
  }
  async disconnect(): Promise<void> {
    this.connected = undefined;
  }
}

export { WalletError };
