import { vi } from 'vitest';
import type { HexString, WalletRuntime } from '../../../lib/wallet/wallet-api.ts';

export const FAKE_ADDRESS = '0x12a4567890abcdef1234567890abcdef1cdef0aa' as HexString;
export const FAKE_SIGNATURE = `0x${'5a'.repeat(65)}` as HexString;

/**
 * A WalletRuntime for component tests (wallet-runtime.test.ts covers the real one): a browser
 * wallet that connects and signs, WalletConnect not set up, each part replaceable.
 */
export function fakeWalletRuntime(overrides: Partial<WalletRuntime> = {}): WalletRuntime {
  let connected: HexString | undefined;
  return {
    choices: () => ({
      browser: { available: true, wallets: [{ id: 'local.starport.test-wallet', name: 'Test Wallet' }] },
      walletconnect: { available: false, reason: 'WalletConnect is not set up on this server (no project id).' },
    }),
    connect: vi.fn(async () => (connected = FAKE_ADDRESS)),
    browserWalletOf: () => undefined,
    account: () => connected,
    signMessage: vi.fn(async () => FAKE_SIGNATURE),
    switchChain: vi.fn(async () => {}),
    sendTokenTransfer: vi.fn(async () => `0x${'ab'.repeat(32)}` as HexString),
    waitForReceipt: vi.fn(async ({ hash }: { hash: HexString }) => ({ status: 'success' as const, hash })),
    disconnect: vi.fn(async () => {
      connected = undefined;
    }),
    ...overrides,
  };
}
