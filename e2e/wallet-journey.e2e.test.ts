import { ANVIL_MNEMONIC, testUsdcAbi } from '@starport/chain';
import type { ChainInfoResponse } from '@starport/schemas/chain';
import type { Browser, Page } from 'playwright-core';
import { createPublicClient, http, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths.ts';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { playerApi } from './fixtures/player-api.ts';
import { installTestWallet, type TestWallet } from './fixtures/test-wallet.ts';

type ShopListing = { _id: string; name: string; stock: number; soldout: boolean };

/** Demo wallet 2 of the local chain (funded with USDC on start); wallet 3 invites it. */
const PLAYER = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 2 });
const REFERRER = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 3 }).address.toLowerCase();

/** The header shows an address by its first 5 and last 5 characters (storefront.md §2). */
const shortened = (address: string) => `${address.slice(0, 5)}…${address.slice(-5)}`;

/**
 * Issue 5's journey on the embedded defaults with the local chain `npm start` runs: a player
 * arrives through an invitation, signs in with a browser wallet (the injected test wallet,
 * which signs in Node with a viem account), puts a ship in the cart, pays in USDC on chain,
 * watches the steps, and finds the ship delivered once the server has verified the transfer.
 */
describe('wallet journey in Chromium: invitation → wallet sign-in → cart → USDC on chain → verified → delivered', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let wallet: TestWallet;
  let info: ChainInfoResponse;

  beforeAll(async () => {
    server = await startServer({ LOCAL_CHAIN: '1', LOCAL_CHAIN_PORT: '0' });
    info = (await (await fetch(`${server.url}/api/chain/config`)).json()) as ChainInfoResponse;
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    // The wallet starts on another network and does not know the local one: the app must add it.
    wallet = await installTestWallet(page, {
      rpcUrl: info.chains[0]!.rpcUrl,
      chainId: info.payment!.chainId,
      account: PLAYER,
      startChainId: 1,
      knowsChain: false,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in with the wallet from an invitation, pays a ship in USDC and gets it once the transfer is verified', async () => {
    expect(info.local).toBe(true);
    const payment = info.payment!;
    const api = playerApi(page, server.url);
    const chain = createPublicClient({ transport: http(info.chains[0]!.rpcUrl) });
    const usdcOf = (who: string) =>
      chain.readContract({ address: payment.token.address as Address, abi: testUsdcAbi, functionName: 'balanceOf', args: [who as Address] });

    // An invitation link: the dialog offers the wallet choices; WalletConnect says why it is off.
    await page.goto(`/?code=${REFERRER}`);
    const invitation = page.getByTestId('invitation-dialog');
    await invitation.waitFor();
    await invitation.getByTestId('wallet-choice-walletconnect-reason').waitFor();
    const browserWallet = invitation.getByTestId('wallet-choice-browser');
    await expect.poll(() => browserWallet.isEnabled()).toBe(true);
    await browserWallet.click();

    // Signed in by signature: the header shows the shortened address.
    const menu = page.getByTestId('profile-menu');
    await menu.waitFor();
    await menu.getByText(shortened(PLAYER.address.toLowerCase())).waitFor();
    const profile = await api.get<{ user: { walletAddress: string } }>('/api/account/profile');
    expect(profile.user.walletAddress).toBe(PLAYER.address.toLowerCase());
    expect(wallet.methods()).toContain('personal_sign');

    // A ship into the cart, from the shop.
    await page.goto(paths.shop.getHref());
    const listing = (await (await fetch(`${server.url}/api/shop/find`)).json()) as { data: ShopListing[] };
    const ship = listing.data.find((s) => !s.soldout && s.stock > 0)!;
    const card = page.getByTestId('shop-card').filter({ has: page.locator(`a[href="/shop/${ship._id}"]`) });
    await card.getByRole('button', { name: `Add to cart: ${ship.name}` }).click();
    await card.getByText('1 in your cart').waitFor();

    // Checkout → Cryptocurrency.
    const treasuryBefore = await usdcOf(payment.recipient);
    const playerBefore = await usdcOf(PLAYER.address);
    await page.getByTestId('cart-panel').first().getByRole('button', { name: 'Checkout' }).click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByTestId('checkout-choice-crypto').check();
    await checkout.getByRole('button', { name: 'Pay with cryptocurrency' }).click();

    // The steps: the dialog validates once the transfer is mined, then the success dialog.
    const dialog = page.getByTestId('crypto-payment-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getAttribute('data-phase'), { timeout: 30_000 }).toMatch(/^(sending|validating|paid)$/);
    const success = page.getByTestId('crypto-success-dialog');
    await success.waitFor({ timeout: 60_000 });
    const successDialog = page.getByRole('dialog', { name: 'Purchased successfully.' });
    await successDialog.getByText('Congratulations! Your transaction has been completed and confirmed by the blockchain.').waitFor();
    const invoice = (await success.getByTestId('crypto-invoice-code').textContent())!.trim();
    expect(invoice).toMatch(/^SP-/);

    // The wallet added and switched to the payment chain, then sent one transaction.
    const methods = wallet.methods();
    expect(methods).toContain('wallet_addEthereumChain');
    expect(methods.filter((m) => m === 'eth_sendTransaction')).toHaveLength(1);
    expect(wallet.sent).toHaveLength(1);
    const txHash = wallet.sent[0]!;

    // On chain: the order's total moved from the player to the treasury, in USDC base units.
    expect((await api.order(invoice)).method).toBe('crypto');
    const moved = (await usdcOf(payment.recipient)) - treasuryBefore;
    expect(moved).toBeGreaterThan(0n);
    expect(playerBefore - (await usdcOf(PLAYER.address))).toBe(moved);

    // The explorer link opens the transaction on the local explorer.
    const explorer = success.getByTestId('crypto-explorer-link');
    const href = (await explorer.getAttribute('href'))!;
    expect(href).toBe(`${info.chains[0]!.explorerUrl}/tx/${txHash}`);
    const txPage = await fetch(href.startsWith('http') ? href : `${server.url}${href}`);
    expect(txPage.status).toBe(200);
    expect(await txPage.text()).toContain(txHash);

    // The cart is empty, and My Orders shows the ship delivered once the fulfilment job ran.
    await page.keyboard.press('Escape');
    await api.waitForOrder(invoice, 'fulfilled');
    await page.goto(paths.myOrders.getHref());
    const row = page.getByTestId('order-row').filter({ hasText: invoice });
    await row.getByTestId('order-status').filter({ hasText: 'Delivered' }).waitFor();
    expect(await row.getByTestId('order-line').allTextContents()).toEqual([`${ship.name} × 1`]);
  });

  it('the page dies right after the wallet sent, before it could report the transaction: the server finds the transfer and the order is paid', async () => {
    const token = await page.evaluate(() => localStorage.getItem('jwt') ?? sessionStorage.getItem('jwt'));
    const listing = (await (await fetch(`${server.url}/api/shop/find`)).json()) as { data: ShopListing[] };
    const ship = listing.data.filter((s) => !s.soldout && s.stock > 0)[1]!;
    await page.goto(paths.shop.getHref());
    const card = page.getByTestId('shop-card').filter({ has: page.locator(`a[href="/shop/${ship._id}"]`) });
    await card.getByRole('button', { name: `Add to cart: ${ship.name}` }).click();
    await card.getByText('1 in your cart').waitFor();

    // The browser never gets its report out: every …/verify call is lost.
    await page.route('**/verify', (route) => route.abort('connectionreset'));
    const quoted = page.waitForResponse((r) => r.url().endsWith('/api/shop_payment/eth_crypto') && r.request().method() === 'POST');
    const sentBefore = wallet.sent.length;
    await page.getByTestId('cart-panel').first().getByRole('button', { name: 'Checkout' }).click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByTestId('checkout-choice-crypto').check();
    await checkout.getByRole('button', { name: 'Pay with cryptocurrency' }).click();
    const invoice = ((await (await quoted).json()) as { invoice_code: string }).invoice_code;
    await expect.poll(() => wallet.sent.length, { timeout: 30_000 }).toBe(sentBefore + 1);

    // The tab closes (the leave warning is accepted); its pagehide report is all the server hears.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.close({ runBeforeUnload: true });
    await expect
      .poll(
        async () => {
          const res = await fetch(`${server.url}/api/orders?limit=10`, { headers: { Authorization: `Bearer ${token}` } });
          const orders = ((await res.json()) as { data: { orders: { code: string; status: string }[] } }).data.orders;
          return orders.find((o) => o.code === invoice)?.status;
        },
        { timeout: 45_000, interval: 1_000 },
      )
      .toMatch(/^(paid|fulfilled)$/);
  });
});
