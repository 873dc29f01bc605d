import { ANVIL_MNEMONIC, shipNftAbi } from '@starport/chain';
import type { ChainInfoResponse } from '@starport/schemas/chain';
import type { MyAssetsResponse } from '@starport/schemas';
import type { Browser, Page } from 'playwright-core';
import { createPublicClient, http } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './fixtures/axe.ts';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { deployedAddress, linkWallet } from './fixtures/local-chain-nft.ts';
import { playerApi } from './fixtures/player-api.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { signIn } from './fixtures/sign-in.ts';
import { installTestWallet, type TestWallet } from './fixtures/test-wallet.ts';

/** Demo wallet 1 of the local chain (funded with USDC on start): the pilot links it, pays from it, and the NFT goes to it. */
const WALLET = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 1 });
const QUEUED = 'Your NFT minting task added to queue.';
const SHIPS = '/my-assets/spaceships';

/**
 * Issue 19's Ship to NFT (paid) in Chromium, on the server's own local chain: the demo pilot
 * links the injected test wallet, converts a ship from My spaceships, pays the mint fee in USDC
 * from that wallet, reads "Your NFT minting task added to queue.", watches the card reach "NFT"
 * as the server's worker mints it, and the ShipNFT with the copy's id is the wallet's.
 */
describe('Ship to NFT in Chromium: confirm, pay the fee in USDC, minted to the linked wallet', () => {
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
    wallet = await installTestWallet(page, {
      rpcUrl: info.chains[0]!.rpcUrl,
      chainId: info.payment!.chainId,
      account: WALLET,
    });
    await signIn(page);
    await linkWallet(page, WALLET.address);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A free ship of the pilot's, never converted, whose name no other of its ships has (its card is found by name). */
  async function freeShip() {
    const { data } = await playerApi(page, server.url).get<MyAssetsResponse>(`/api/my/assets?limit=50`);
    const ships = data.filter((a) => a.kind === 'ship');
    const free = ships.find(
      (a) =>
        a.state === 'available' && a.nft.mint_status === null && ships.filter((b) => b.name === a.name).length === 1,
    );
    expect(free, 'a free ship with a name of its own').toBeDefined();
    return free!;
  }
  const cardOf = (p: Page, name: string) =>
    p.getByTestId('asset-card').filter({ has: p.getByRole('heading', { name, exact: true }) });

  it('asks first, with the fee, in a dialog with no axe violations at 360 px; Cancel gives focus back', async () => {
    const terms = (await (await fetch(`${server.url}/api/minting/request/terms`)).json()) as {
      fee_usd: number;
      available: boolean;
    };
    expect(terms.available).toBe(true);
    const ship = await freeShip();
    // axe injects a script, so this context bypasses the CSP (as the accessibility suite's do).
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    });
    const phone = await context.newPage();
    phone.setDefaultTimeout(20_000);
    await signIn(phone);
    await phone.goto(SHIPS);
    const convert = cardOf(phone, ship.name).getByRole('button', { name: 'Convert to NFT' });
    await expect.poll(() => convert.isEnabled()).toBe(true);
    await convert.click();
    const dialog = phone.getByRole('dialog', { name: 'Convert to NFT' });
    await dialog.getByText(`Convert ${ship.name} to an NFT?`).waitFor();
    expect(await dialog.getByTestId('ship-mint-fee').textContent()).toMatch(/^\$\d/);
    expect(await dialog.textContent()).toContain(WALLET.address.toLowerCase());
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(phone, '360 px Convert to NFT dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => convert.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it(
    'pays the fee from the linked wallet, says the mint is queued, and the card reaches NFT, owned on chain by the wallet',
    { timeout: 300_000 },
    async () => {
      const ship = await freeShip();
      await page.goto(SHIPS);
      const card = cardOf(page, ship.name);
      const convert = card.getByRole('button', { name: 'Convert to NFT' });
      await expect.poll(() => convert.isEnabled()).toBe(true);
      await convert.click();
      await page.getByRole('dialog', { name: 'Convert to NFT' }).getByRole('button', { name: 'Confirm' }).click();

      // The crypto payment: the wallet sends the USDC, the server verifies it and queues the mint.
      const payment = page.getByTestId('crypto-payment-dialog');
      await payment.waitFor();
      const success = page.getByRole('dialog', { name: QUEUED });
      await success.waitFor({ timeout: 90_000 }).catch(async (error: unknown) => {
        // What the payment dialog and the server said, for whoever reads the failure.
        const said = await payment.textContent().catch(() => '(no payment dialog)');
        throw new Error(`no "${QUEUED}": the dialog says ${said}\n${server.output().slice(-3000)}`, { cause: error });
      });
      expect(wallet.methods().filter((m) => m === 'eth_sendTransaction')).toHaveLength(1);
      const explorer = success.getByTestId('crypto-explorer-link');
      if (await explorer.count()) expect(await explorer.getAttribute('href')).toContain(wallet.sent[0]!);
      await success.getByRole('button', { name: 'Close' }).click();

      // The server mints it (its worker); the page reads the ship again until then.
      const api = playerApi(page, server.url);
      const copy = async () =>
        (await api.get<MyAssetsResponse>('/api/my/assets?limit=50')).data.find((a) => a._id === ship._id);
      await expect
        .poll(async () => JSON.stringify((await copy())?.nft), { timeout: 150_000 })
        .toContain('"mint_status":"minted"');
      const minted = (await copy())!;
      expect(minted.state).toBe('minted');
      expect(minted.nft.txh).toMatch(/^0x[0-9a-f]{64}$/i);
      await card
        .getByTestId('asset-state')
        .filter({ hasText: /^NFT$/ })
        .waitFor({ timeout: 60_000 })
        .catch(async (error: unknown) => {
          const cards = await page.getByTestId('asset-card').allTextContents();
          throw new Error(`no NFT badge on ${page.url()}: ${JSON.stringify(cards)}`, { cause: error });
        });

      // On chain: the ShipNFT with the copy's id belongs to the linked wallet.
      const chain = createPublicClient({ transport: http(info.chains[0]!.rpcUrl) });
      const owner = await chain.readContract({
        address: deployedAddress(server, 'shipNft'),
        abi: shipNftAbi,
        functionName: 'ownerOf',
        args: [BigInt(ship._id)],
      });
      expect(owner.toLowerCase()).toBe(WALLET.address.toLowerCase());
    },
  );
});
