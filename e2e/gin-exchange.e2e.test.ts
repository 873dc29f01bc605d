import { ANVIL_MNEMONIC } from '@starport/chain';
import type { ChainInfoResponse, GinConversionsResponse, GinTermsResponse } from '@starport/schemas';
import type { Browser, Page } from 'playwright-core';
import { createPublicClient, erc20Abi, http, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths.ts';
import { axeViolations } from './fixtures/axe.ts';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { linkWallet } from './fixtures/local-chain-nft.ts';
import { playerApi } from './fixtures/player-api.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { signIn } from './fixtures/sign-in.ts';
import { installTestWallet, type TestWallet } from './fixtures/test-wallet.ts';

/** Demo wallet 1 of the local chain (funded with 1,000 Gin on start): the pilot links it and burns Gin from it. */
const WALLET = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 1 });
const GIN = 10n ** 18n;

/**
 * Issue 20's Gin to DNC in Chromium, on the server's own local chain: the demo pilot links the
 * injected test wallet, converts 3 Gin on /my/gin-exchange, the wallet sends them to the burn
 * address, and the page (and the API) show the DNC balance grown by 15.
 */
describe('Gin to DNC in Chromium: 3 Gin burnt from the linked wallet give 15 DNC', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let wallet: TestWallet;
  let info: ChainInfoResponse;
  let terms: GinTermsResponse;

  beforeAll(async () => {
    server = await startServer({ LOCAL_CHAIN: '1', LOCAL_CHAIN_PORT: '0' });
    info = (await (await fetch(`${server.url}/api/chain/config`)).json()) as ChainInfoResponse;
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    wallet = await installTestWallet(page, { rpcUrl: info.chains[0]!.rpcUrl, chainId: info.chains[0]!.id, account: WALLET });
    await signIn(page);
    terms = await playerApi(page, server.url).get<GinTermsResponse>('/api/convert/gin/terms');
    await linkWallet(page, WALLET.address);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const dncBalance = async () =>
    (await playerApi(page, server.url).get<{ amount: number }>('/api/marketplace/dnc/listing')).amount;

  it('has its own title and, with its network dialog, no axe violations at 1366 and 360 px; Cancel gives focus back', async () => {
    expect(terms.networks.length).toBeGreaterThan(0);
    for (const width of [1366, 360]) {
      // axe injects a script, so this context bypasses the CSP (as the accessibility suite's do).
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width, height: width > 400 ? 900 : 740 },
        bypassCSP: true,
      });
      const view = await context.newPage();
      view.setDefaultTimeout(20_000);
      await signIn(view);
      // The player's account has the wallet linked by now (beforeAll): Convert is offered.
      await view.goto(paths.myGinExchange.getHref());
      await view.getByRole('heading', { name: 'Convert Gin', level: 1 }).waitFor();
      expect(await view.title()).toContain('Convert Gin');
      const convert = view.getByRole('button', { name: 'Convert', exact: true });
      await expect.poll(() => convert.isEnabled(), { timeout: 20_000 }).toBe(true);
      expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await axeViolations(view, `${width} px Convert Gin`)).toEqual([]);

      await convert.click();
      const dialog = view.getByRole('dialog', { name: 'Choose a network' });
      await dialog.getByTestId('gin-network').first().waitFor();
      expect(await axeViolations(view, `${width} px Gin network dialog`)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => convert.evaluate((el) => el === document.activeElement)).toBe(true);
      await context.close();
    }
  });

  it('converts 3 Gin: the wallet sends them to the burn address, and the DNC balance grows by 15', { timeout: 300_000 }, async () => {
    const network = terms.networks[0]!;
    const chain = createPublicClient({ transport: http(info.chains[0]!.rpcUrl) });
    const ginOf = (owner: string) =>
      chain.readContract({ address: network.token as Address, abi: erc20Abi, functionName: 'balanceOf', args: [owner as Address] });
    const burntBefore = await ginOf(network.burn_address);
    const before = await dncBalance();

    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Convert Gin' }).click();
    await page.waitForURL((url) => url.pathname === paths.myGinExchange.getHref());
    await expect.poll(() => page.getByTestId('gin-dnc-balance').textContent(), { timeout: 20_000 }).toBe(`${before} DNC`);
    await page.getByLabel('Total Gin').fill('3');
    expect(await page.getByTestId('gin-receive').textContent()).toBe('15 DNC');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await page.getByRole('dialog', { name: 'Choose a network' }).getByRole('button', { name: network.name }).click();

    const credited = page.getByTestId('gin-credited');
    await credited.waitFor({ timeout: 120_000 }).catch(async (error: unknown) => {
      const said = await page.getByTestId('gin-convert-dialog').textContent().catch(() => '(no dialog)');
      throw new Error(`not credited: the dialog says ${said}\n${server.output().slice(-3000)}`, { cause: error });
    });
    expect(await credited.textContent()).toContain(`15 DNC credited. Your DNC balance is now ${before + 15}.`);
    expect(wallet.methods().filter((m) => m === 'eth_sendTransaction')).toHaveLength(1);
    // owned-assets.md §9: the transfer carries a gas limit of 500000.
    expect((await chain.getTransaction({ hash: wallet.sent[0]! })).gas).toBe(500_000n);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // What the page says is what the server and the chain hold.
    expect(await dncBalance()).toBe(before + 15);
    await expect.poll(() => page.getByTestId('gin-dnc-balance').textContent(), { timeout: 20_000 }).toBe(`${before + 15} DNC`);
    expect((await ginOf(network.burn_address)) - burntBefore).toBe(3n * GIN);
    const { data } = await playerApi(page, server.url).get<GinConversionsResponse>('/api/convert/gin/conversions');
    expect(data[0]).toMatchObject({ status: 'credited', total: 3, dnc: 15, txh: wallet.sent[0]!.toLowerCase() });
    await expect
      .poll(() => page.getByTestId('gin-conversion-status').first().textContent(), { timeout: 20_000 })
      .toContain('Credited');
  });
});
