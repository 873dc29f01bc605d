import {
  ANVIL_CHAIN_ID,
  ANVIL_MNEMONIC,
  anvilClients,
  startAnvil,
  testUsdcAbi,
  testUsdcBytecode,
  type AnvilInstance,
  type ChainClients,
} from '@starport/chain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { encodeFunctionData, getAddress, toHex, verifyMessage, verifyTypedData, type Address, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { installTestWallet, type TestWallet, type TestWalletOptions } from './fixtures/test-wallet.ts';

const PLAYER = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 1 });
const RECIPIENT = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 2 }).address;
const USDC = (whole: number) => BigInt(whole) * 10n ** 6n;

const ORDER_DOMAIN = { name: 'Starport', version: '1', chainId: ANVIL_CHAIN_ID } as const;
const ORDER_TYPES = {
  Order: [
    { name: 'code', type: 'string' },
    { name: 'amount', type: 'uint256' },
  ],
} as const;
/** An EIP-712 message as a dApp sends it to eth_signTypedData_v4: JSON, with the domain's type spelled out. */
const TYPED_DATA = {
  domain: ORDER_DOMAIN,
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    ...ORDER_TYPES,
  },
  primaryType: 'Order',
  message: { code: 'SP-TEST', amount: '7000000' },
};

/** What a page sees of a failed request: an Error with the EIP-1193 code. */
type PageError = { isError: true; code: number; message: string };

/**
 * The injected test wallet, proved in Chromium on a page of the real app (its CSP included)
 * against a real anvil: EIP-6963 discovery, accounts, personal_sign and typed data verified in
 * Node, switching and adding the chain, an ERC-20 transfer on chain, and the player's refusals.
 */
describe('test wallet (EIP-1193 + EIP-6963) in Chromium against anvil', () => {
  let anvil: AnvilInstance;
  let deployer: ChainClients;
  let usdc: Address;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  const balanceOf = (who: Address) =>
    deployer.publicClient.readContract({ address: usdc, abi: testUsdcAbi, functionName: 'balanceOf', args: [who] });

  async function openWithWallet(
    options: Partial<TestWalletOptions> = {},
  ): Promise<{ page: Page; wallet: TestWallet; anvilHits: string[] }> {
    const opened = await newPage(browser, server.url);
    context = opened.context;
    const page = opened.page;
    const wallet = await installTestWallet(page, {
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      account: PLAYER,
      ...options,
    });
    // Registered after the wallet's own init script, so it sees the provider's 'connect' event.
    await page.addInitScript(() => {
      const w = window as unknown as {
        ethereum: { on(e: string, l: (d: unknown) => void): void };
        connects: unknown[];
      };
      w.connects = [];
      w.ethereum.on('connect', (info) => w.connects.push(info));
    });
    // The page reaches the chain only through the wallet (the app's CSP forbids it anyway).
    const anvilHits: string[] = [];
    page.on('request', (request) => request.url().startsWith(anvil.rpcUrl) && anvilHits.push(request.url()));
    await page.goto('/');
    return { page, wallet, anvilHits };
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    deployer = anvilClients(anvil, 0);
    const hash = await deployer.walletClient.deployContract({ abi: testUsdcAbi, bytecode: testUsdcBytecode, args: [] });
    usdc = getAddress((await deployer.publicClient.waitForTransactionReceipt({ hash })).contractAddress!);
    const mint = await deployer.walletClient.writeContract({
      address: usdc,
      abi: testUsdcAbi,
      functionName: 'mint',
      args: [PLAYER.address, USDC(100)],
    });
    await deployer.publicClient.waitForTransactionReceipt({ hash: mint });
    server = await startServer({ LOCAL_CHAIN: '0' });
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await anvil?.stop();
  });

  it('is discovered through EIP-6963, connects, signs, switches to the chain it adds and sends a USDC transfer', async () => {
    // The wallet starts on mainnet and does not know the local chain, as a player's often does.
    const { page, wallet, anvilHits } = await openWithWallet({ startChainId: 1, knowsChain: false });
    const transfer = encodeFunctionData({ abi: testUsdcAbi, functionName: 'transfer', args: [RECIPIENT, USDC(7)] });
    const before = { player: await balanceOf(PLAYER.address), recipient: await balanceOf(RECIPIENT) };

    // Only this test's requests: the app's own pages may come to use the wallet on load.
    const firstRequest = wallet.requests.length;
    await page.waitForFunction(() => (window as unknown as { connects: unknown[] }).connects.length > 0);
    const seen = await page.evaluate(
      async ({ usdc, transfer, chainHex, typedData }) => {
        type Provider = {
          request(a: { method: string; params?: unknown }): Promise<unknown>;
          on(e: string, l: (d: unknown) => void): void;
        };
        type Detail = { info: { uuid: string; name: string; icon: string; rdns: string }; provider: Provider };
        const attempt = (p: Promise<unknown>) =>
          p.then(
            (value) => value,
            (e: Error & { code: number }) => ({ isError: e instanceof Error, code: e.code, message: e.message }),
          );

        // EIP-6963: a dApp asks, every wallet answers with its info and provider.
        const announced: Detail[] = [];
        window.addEventListener('eip6963:announceProvider', (e) => announced.push((e as CustomEvent<Detail>).detail));
        window.dispatchEvent(new Event('eip6963:requestProvider'));
        const { info, provider } = announced[0]!;
        const events: [string, unknown][] = [];
        for (const name of ['accountsChanged', 'chainChanged']) provider.on(name, (d) => events.push([name, d]));

        const accountsBefore = await provider.request({ method: 'eth_accounts' });
        const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
        const from = accounts[0]!;
        const message = 'starport.local wants you to sign in with your Ethereum account.\n\nNonce: 5d2c1f8e';
        const signature = await provider.request({ method: 'personal_sign', params: [message, from] });
        const typedSignature = await provider.request({
          method: 'eth_signTypedData_v4',
          params: [from, JSON.stringify(typedData)],
        });

        const chainAtFirst = await provider.request({ method: 'eth_chainId' });
        const unknownChain = await attempt(
          provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: chainHex }] }),
        );
        const added = await provider.request({
          method: 'wallet_addEthereumChain',
          params: [
            {
              chainId: chainHex,
              chainName: 'Starport local',
              nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
              rpcUrls: ['http://127.0.0.1:8545'],
            },
          ],
        });
        const chainAfterAdd = await provider.request({ method: 'eth_chainId' });
        const otherChain = await attempt(
          provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x5' }] }),
        );
        // Switching back and forth emits chainChanged each time the chain really changes.
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: chainHex }] });

        const hash = (await provider.request({
          method: 'eth_sendTransaction',
          params: [{ from, to: usdc, data: transfer }],
        })) as string;
        type Receipt = { status: string; from: string };
        const receiptOf = async (): Promise<Receipt> => {
          const found = (await provider.request({
            method: 'eth_getTransactionReceipt',
            params: [hash],
          })) as Receipt | null;
          if (found) return found;
          await new Promise((r) => setTimeout(r, 100));
          return receiptOf();
        };
        const receipt = await receiptOf();
        return {
          count: announced.length,
          info,
          isWindowEthereum: provider === (window as unknown as { ethereum: unknown }).ethereum,
          connects: (window as unknown as { connects: unknown[] }).connects,
          accountsBefore,
          accounts,
          signature,
          typedSignature,
          chainAtFirst,
          unknownChain,
          added,
          chainAfterAdd,
          otherChain,
          hash,
          receipt,
          events,
        };
      },
      { usdc, transfer, chainHex: toHex(anvil.chainId), typedData: TYPED_DATA },
    );

    expect(seen.count).toBe(1);
    expect(seen.info).toMatchObject({ name: 'Starport Test Wallet', rdns: 'local.starport.testwallet' });
    expect(seen.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(seen.info.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(seen.isWindowEthereum).toBe(true);
    expect(seen.connects).toEqual([{ chainId: '0x1' }]);

    expect(seen.accountsBefore).toEqual([]);
    expect(seen.accounts).toEqual([PLAYER.address.toLowerCase()]);
    const message = 'starport.local wants you to sign in with your Ethereum account.\n\nNonce: 5d2c1f8e';
    expect(await verifyMessage({ address: PLAYER.address, message, signature: seen.signature as Hex })).toBe(true);
    expect(await verifyMessage({ address: RECIPIENT, message, signature: seen.signature as Hex })).toBe(false);
    const order = { code: 'SP-TEST', amount: 7_000_000n };
    const typed = { domain: ORDER_DOMAIN, types: ORDER_TYPES, primaryType: 'Order', message: order } as const;
    expect(await verifyTypedData({ address: PLAYER.address, ...typed, signature: seen.typedSignature as Hex })).toBe(
      true,
    );

    expect(seen.chainAtFirst).toBe('0x1');
    expect(seen.unknownChain).toMatchObject({ isError: true, code: 4902 } satisfies Partial<PageError>);
    expect(seen.added).toBeNull();
    expect(seen.chainAfterAdd).toBe(toHex(anvil.chainId));
    expect(seen.otherChain).toMatchObject({ isError: true, code: 4902 });
    expect(seen.events).toEqual([
      ['accountsChanged', [PLAYER.address.toLowerCase()]],
      ['chainChanged', toHex(anvil.chainId)],
      ['chainChanged', '0x1'],
      ['chainChanged', toHex(anvil.chainId)],
    ]);
    expect(wallet.chainId()).toBe(anvil.chainId);

    // The transfer is on chain, from the player, signed in Node, and moved exactly 7 USDC.
    expect(seen.receipt.status).toBe('0x1');
    expect(getAddress(seen.receipt.from)).toBe(PLAYER.address);
    expect(wallet.sent).toEqual([seen.hash]);
    expect(await balanceOf(PLAYER.address)).toBe(before.player - USDC(7));
    expect(await balanceOf(RECIPIENT)).toBe(before.recipient + USDC(7));

    expect(wallet.methods().slice(firstRequest, firstRequest + 6)).toEqual([
      'eth_accounts',
      'eth_requestAccounts',
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_chainId',
      'wallet_switchEthereumChain',
    ]);
    expect(wallet.requests.find((r) => r.method === 'eth_sendTransaction')?.params).toEqual([
      { from: PLAYER.address.toLowerCase(), to: usdc, data: transfer },
    ]);
    expect(anvilHits).toEqual([]);

    // Like a real wallet, it remembers the site across a reload.
    await page.reload();
    expect(
      await page.evaluate(() =>
        (window as unknown as { ethereum: { request(a: { method: string }): Promise<unknown> } }).ethereum.request({
          method: 'eth_accounts',
        }),
      ),
    ).toEqual([PLAYER.address.toLowerCase()]);
  });

  it("answers the player's refusals with 4001 and unshared accounts with 4100, and never lets anvil sign", async () => {
    const { page, wallet } = await openWithWallet({ reject: { requestAccounts: true } });
    const transfer = encodeFunctionData({ abi: testUsdcAbi, functionName: 'transfer', args: [RECIPIENT, USDC(1)] });
    const playerBefore = await balanceOf(PLAYER.address);

    const run = (steps: [string, unknown][]) =>
      page.evaluate(async (steps) => {
        const provider = (
          window as unknown as { ethereum: { request(a: { method: string; params?: unknown }): Promise<unknown> } }
        ).ethereum;
        const out: unknown[] = [];
        for (const [method, params] of steps) {
          out.push(
            await provider.request({ method, params }).then(
              (value) => ({ value }),
              (e: Error & { code: number }) => ({ isError: e instanceof Error, code: e.code, message: e.message }),
            ),
          );
        }
        return out;
      }, steps);

    const from = PLAYER.address.toLowerCase();
    const refusedAccess = await run([
      ['eth_requestAccounts', []],
      ['eth_accounts', []],
      ['personal_sign', ['hello', from]],
      ['eth_sendTransaction', [{ from, to: usdc, data: transfer }]],
    ]);
    expect(refusedAccess).toEqual([
      { isError: true, code: 4001, message: 'User rejected the request.' },
      { value: [] },
      expect.objectContaining({ isError: true, code: 4100 }),
      expect.objectContaining({ isError: true, code: 4100 }),
    ]);

    // The player changes their mind about access, then refuses every prompt after it.
    wallet.reject.requestAccounts = false;
    wallet.reject.sign = true;
    wallet.reject.send = true;
    wallet.reject.switchChain = true;
    const refusedPrompts = await run([
      ['eth_requestAccounts', []],
      ['personal_sign', ['hello', from]],
      ['eth_signTypedData_v4', [from, '{}']],
      ['eth_sendTransaction', [{ from, to: usdc, data: transfer }]],
      ['wallet_switchEthereumChain', [{ chainId: toHex(anvil.chainId) }]],
      ['personal_sign', ['hello', RECIPIENT.toLowerCase()]],
      // Anvil would sign with its unlocked dev key, list its ten accounts, change a balance: none reach it.
      ['eth_sign', [from, '0x1234']],
      ['eth_accounts', []],
      ['anvil_setBalance', [from, '0x1']],
    ]);
    expect(refusedPrompts).toEqual([
      { value: [from] },
      { isError: true, code: 4001, message: 'User denied message signature.' },
      { isError: true, code: 4001, message: 'User denied message signature.' },
      { isError: true, code: 4001, message: 'User denied transaction signature.' },
      { isError: true, code: 4001, message: 'User rejected the request.' },
      expect.objectContaining({ isError: true, code: 4100 }),
      expect.objectContaining({ isError: true, code: 4200 }),
      { value: [from] },
      expect.objectContaining({ isError: true, code: 4200 }),
    ]);
    expect(wallet.sent).toEqual([]);
    expect(await balanceOf(PLAYER.address)).toBe(playerBefore);
    expect(wallet.requests.filter((r) => r.error?.code === 4001).map((r) => r.method)).toEqual([
      'eth_requestAccounts',
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'wallet_switchEthereumChain',
    ]);

    // A reverted call comes back with the node's error, not a wallet crash.
    wallet.reject.send = false;
    const [overdraft] = await run([
      [
        'eth_sendTransaction',
        [
          {
            from,
            to: usdc,
            data: encodeFunctionData({
              abi: testUsdcAbi,
              functionName: 'transfer',
              args: [RECIPIENT, USDC(1_000_000)],
            }),
          },
        ],
      ],
    ]);
    expect(overdraft).toMatchObject({ isError: true, code: 3 });
    expect((overdraft as PageError).message).toMatch(/revert/i);
  });
});
