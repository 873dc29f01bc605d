import { verifyMessage } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock.ts';
import { loadWallet, WalletError } from './wallet-api.ts';
import { NO_WALLET_MSG, REFUSED_MSG, WALLETCONNECT_UNSET_MSG } from './wallet-errors.ts';
import { createWalletRuntime } from './wallet-runtime.ts';
import { gasLimitFor } from '@starport/chain/gas';
import { unitStakingAbi } from '@starport/chain/abis';
import { decodeFunctionData } from 'viem';
import { announceWallet, createFakeWallet, GAS_ESTIMATE, REPLACEMENT_HASH, SENT_HASH } from './test-wallet.fixtures.ts';

const local = {
  id: 31337,
  name: 'Local chain',
  rpcUrl: 'http://127.0.0.1:9/',
  explorerUrl: null,
  nativeSymbol: 'ETH',
  confirmations: 1,
};
const base = {
  id: 8453,
  name: 'Base',
  rpcUrl: 'https://base.example/',
  explorerUrl: 'https://basescan.example',
  nativeSymbol: 'ETH',
  confirmations: 3,
};
const token = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const recipient = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
/** anvil's second test key: a second wallet's account */
const SECOND_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

const stops: (() => void)[] = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  delete (window as { ethereum?: unknown }).ethereum;
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

function serveChains() {
  mockFetch((call) =>
    call.url.endsWith('/api/chain/config')
      ? json(200, { error: false, signInChainId: local.id, chains: [local, base], payment: null, local: true })
      : json(404, { error: true, code: 'NOT_FOUND', msg: 'Not found.' }),
  );
}

/** The verdict a failed call rejected with. */
const failure = async (promise: Promise<unknown>): Promise<WalletError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WalletError);
  return error as WalletError;
};

describe('wallet runtime (wagmi + viem)', () => {
  it('with no wallet in the browser says so, in the spec words', async () => {
    serveChains();
    vi.stubEnv('VITE_WALLETCONNECT_PROJECT_ID', '');
    const runtime = await createWalletRuntime();
    expect(runtime.choices()).toEqual({
      browser: { available: false, wallets: [] },
      walletconnect: { available: false, reason: WALLETCONNECT_UNSET_MSG },
    });
    const error = await failure(runtime.connect('browser'));
    expect([error.kind, error.message]).toEqual(['no_wallet', NO_WALLET_MSG]);
    expect((await failure(runtime.connect('walletconnect'))).kind).toBe('unavailable');
  });

  it('maps a refused connection (EIP-1193 4001) to the "User denied web3 access" message', async () => {
    serveChains();
    const wallet = createFakeWallet({ chainId: local.id, refuse: true });
    (window as { ethereum?: unknown }).ethereum = wallet.provider;
    const runtime = await createWalletRuntime();
    const error = await failure(runtime.connect('browser'));
    expect([error.kind, error.message]).toEqual(['refused', REFUSED_MSG]);
    expect(runtime.account()).toBeUndefined();
  });

  it('connects an announced (EIP-6963) wallet once, even when it is window.ethereum too, and signs for real', async () => {
    serveChains();
    const wallet = createFakeWallet({ chainId: local.id });
    (window as { ethereum?: unknown }).ethereum = wallet.provider;
    stops.push(announceWallet(wallet.provider, { name: 'Test Wallet', rdns: 'local.starport.test-wallet' }));
    const runtime = await createWalletRuntime();
    expect(runtime.choices().browser).toEqual({
      available: true,
      wallets: [{ id: 'local.starport.test-wallet', name: 'Test Wallet' }],
    });

    const address = await runtime.connect('browser');
    expect(address).toBe(wallet.account.address.toLowerCase());
    expect(runtime.account()).toBe(address);
    // A second connect reuses the connection instead of failing with "already connected".
    expect(await runtime.connect('browser')).toBe(address);

    const message = 'localhost wants you to sign in with your Ethereum account:\n' + wallet.account.address;
    const signature = await runtime.signMessage(message);
    expect(await verifyMessage({ address: wallet.account.address, message, signature })).toBe(true);
  });

  it('lists several browser wallets, the default first, connects the one picked and asks it again after a reload', async () => {
    serveChains();
    const metamask = createFakeWallet({ chainId: local.id });
    const rabby = createFakeWallet({ chainId: local.id, privateKey: SECOND_KEY });
    (window as { ethereum?: unknown }).ethereum = metamask.provider;
    stops.push(announceWallet(rabby.provider, { name: 'Rabby', rdns: 'io.rabby' }));
    stops.push(announceWallet(metamask.provider, { name: 'MetaMask', rdns: 'io.metamask' }));
    const first = await createWalletRuntime();
    expect(first.choices().browser).toEqual({
      available: true,
      wallets: [
        { id: 'io.metamask', name: 'MetaMask' },
        { id: 'io.rabby', name: 'Rabby' },
      ],
    });

    expect(await first.connect('browser', 'io.rabby')).toBe(rabby.account.address.toLowerCase());
    expect(metamask.calls.some((c) => c.method === 'eth_requestAccounts')).toBe(false);

    // A new page (wagmi keeps nothing): a payment asks for 'browser' and gets the wallet used last.
    const afterReload = await createWalletRuntime();
    expect(await afterReload.connect('browser')).toBe(rabby.account.address.toLowerCase());
    expect(metamask.calls.some((c) => c.method === 'eth_requestAccounts')).toBe(false);

    // Each account is remembered with its wallet: a payment for MetaMask's account asks MetaMask,
    // though Rabby connected last.
    expect(await afterReload.connect('browser', 'io.metamask')).toBe(metamask.account.address.toLowerCase());
    expect(await afterReload.connect('browser', 'io.rabby')).toBe(rabby.account.address.toLowerCase());
    const later = await createWalletRuntime();
    expect(later.browserWalletOf(metamask.account.address)).toBe('io.metamask');
    expect(later.browserWalletOf(rabby.account.address.toLowerCase())).toBe('io.rabby');
    expect(later.browserWalletOf('0x0000000000000000000000000000000000000001')).toBeUndefined();

    const gone = await failure(afterReload.connect('browser', 'io.uninstalled'));
    expect(gone.kind).toBe('no_wallet');
    expect(gone.message).toContain('That wallet is no longer in this browser.');
  });

  it('adds a chain the wallet does not know (4902), then switches to it', async () => {
    serveChains();
    const wallet = createFakeWallet({ chainId: local.id });
    (window as { ethereum?: unknown }).ethereum = wallet.provider;
    const runtime = await createWalletRuntime();
    expect(runtime.choices().browser.available).toBe(true);
    await runtime.connect('browser');

    await runtime.switchChain(base);
    expect(wallet.chainId()).toBe(base.id);
    const added = wallet.calls.find((c) => c.method === 'wallet_addEthereumChain');
    expect(added?.params).toEqual([
      expect.objectContaining({
        chainId: '0x2105',
        chainName: 'Base',
        rpcUrls: [base.rpcUrl],
        blockExplorerUrls: [base.explorerUrl],
      }),
    ]);
  });

  it('sends an ERC-20 transfer(to, amount) to the token contract on the payment chain', async () => {
    serveChains();
    const wallet = createFakeWallet({ chainId: base.id, knownChains: [base.id, local.id] });
    (window as { ethereum?: unknown }).ethereum = wallet.provider;
    const runtime = await createWalletRuntime();
    await runtime.connect('browser');

    const hash = await runtime.sendTokenTransfer({ chain: local, token, to: recipient, amount: 250_000_000n });
    expect(hash).toBe(`0x${'ab'.repeat(32)}`);
    expect(wallet.chainId()).toBe(local.id);
    expect(wallet.sent).toHaveLength(1);
    expect(wallet.sent[0]!.to.toLowerCase()).toBe(token);
    expect(wallet.sent[0]!.decoded).toEqual({
      functionName: 'transfer',
      args: [expect.stringMatching(/^0x70997970/i), 250_000_000n],
    });
  });

  it('sends a contract call with a gas limit above the estimate: a stake mined a second later costs more', async () => {
    serveChains();
    const wallet = createFakeWallet({ chainId: local.id });
    (window as { ethereum?: unknown }).ethereum = wallet.provider;
    const runtime = await createWalletRuntime();
    await runtime.connect('browser');

    const staking = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
    await runtime.writeContract!({ chain: local, address: staking, abi: unitStakingAbi, functionName: 'stake', args: [2n] });
    const methods = wallet.calls.map((c) => c.method);
    expect(methods.indexOf('eth_call')).toBeLessThan(methods.indexOf('eth_sendTransaction'));
    expect(wallet.sent).toHaveLength(1);
    expect(wallet.sent[0]!.to.toLowerCase()).toBe(staking);
    expect(decodeFunctionData({ abi: unitStakingAbi, data: wallet.sent[0]!.data })).toEqual({ functionName: 'stake', args: [2n] });
    expect(wallet.sent[0]!.gas).toBe(gasLimitFor(GAS_ESTIMATE));
    expect(wallet.sent[0]!.gas).toBeGreaterThanOrEqual(GAS_ESTIMATE + 100_000n);
  });

  it('waits for the receipt through the wallet (the page may reach no RPC) and reports a revert', async () => {
    serveChains(); // the server's RPC URL answers nothing here: only the wallet can tell
    for (const receiptStatus of ['success', 'reverted'] as const) {
      const wallet = createFakeWallet({ chainId: local.id, receiptStatus });
      (window as { ethereum?: unknown }).ethereum = wallet.provider;
      const runtime = await createWalletRuntime();
      await runtime.connect('browser');
      expect(await runtime.waitForReceipt({ chain: local, hash: SENT_HASH })).toEqual({
        status: receiptStatus,
        hash: SENT_HASH,
      });
      expect(wallet.calls.some((c) => c.method === 'eth_getTransactionReceipt')).toBe(true);
    }
  });

  it.each([
    ['speed-up', 'success'],
    ['cancel', 'cancelled'],
  ] as const)(
    'follows a transfer the wallet replaced (%s) to the hash that was mined instead',
    async (replace, status) => {
      serveChains();
      const wallet = createFakeWallet({ chainId: local.id, replace });
      (window as { ethereum?: unknown }).ethereum = wallet.provider;
      const runtime = await createWalletRuntime();
      await runtime.connect('browser');
      const sent = await runtime.sendTokenTransfer({ chain: local, token, to: recipient, amount: 250_000_000n });
      // A cancellation is mined as a successful transaction, but it is not our transfer.
      expect(await runtime.waitForReceipt({ chain: local, hash: sent })).toEqual({ status, hash: REPLACEMENT_HASH });
      expect(wallet.calls.some((c) => c.method === 'eth_getBlockByNumber')).toBe(true);
    },
  );

  it('offers WalletConnect when a project id is built in', async () => {
    serveChains();
    vi.stubEnv('VITE_WALLETCONNECT_PROJECT_ID', 'test-project');
    const runtime = await createWalletRuntime();
    expect(runtime.choices().walletconnect).toEqual({ available: true });
  });

  it('loads the chunk again after a failed load instead of keeping the failure', async () => {
    let up = false;
    mockFetch(() =>
      up
        ? json(200, { error: false, signInChainId: null, chains: [local], payment: null, local: true })
        : json(503, { error: true, code: 'UNAVAILABLE', msg: 'Down for a moment.' }),
    );
    await expect(loadWallet()).rejects.toMatchObject({ msg: 'Down for a moment.' });
    up = true;
    const runtime = await loadWallet();
    expect(runtime.choices().browser.available).toBe(false);
    expect(await loadWallet()).toBe(runtime);
  });
});
