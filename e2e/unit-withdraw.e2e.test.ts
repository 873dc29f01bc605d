import { ANVIL_MNEMONIC, houseUnitsAbi } from '@starport/chain';
import type { ChainInfoResponse } from '@starport/schemas/chain';
import type { MyAsset, MyAssetsResponse, UnitWithdrawal } from '@starport/schemas';
import type { Browser, Locator, Page } from 'playwright-core';
import { createPublicClient, http } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './fixtures/axe.ts';
import { launchBrowser } from './fixtures/browser.ts';
import { focusedField } from './fixtures/focused-field.ts';
import { deployedAddress, linkWallet } from './fixtures/local-chain-nft.ts';
import { settled } from './fixtures/page-ready.ts';
import { playerApi } from './fixtures/player-api.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { signIn } from './fixtures/sign-in.ts';
import { installTestWallet } from './fixtures/test-wallet.ts';

/** Demo wallet 1 of the local chain: the pilot links it, and the withdrawn pieces are minted to it. */
const WALLET = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 1 });
const QUEUED = 'Your NFT minting task added to queue.';
const SHIPS = '/my-assets/spaceships';
/** How many of the pilot's pieces are withdrawn: fewer than held, so the card stays with the rest. */
const WITHDRAWN = 2;
/** owned-assets.md §2.2: Type 1 is Apart 1-24, Type 2 25-72, Type 3 73-88, Type 4 89-105, Type 5 106-120. */
const LAST_APARTMENT_OF_TYPE = [24, 72, 88, 105, 120];
/** The HouseUnits token id of an apartment's pieces: its unit type (decision 0051). */
const unitTypeOf = (apartment: number) => LAST_APARTMENT_OF_TYPE.findIndex((last) => apartment <= last) + 1;

const hasFocus = (control: Locator) => control.evaluate((element) => element === document.activeElement);

/**
 * Issue 19's "Unit pieces to the wallet" (decision 0051) in Chromium, on the server's own local
 * chain: the demo pilot, who holds container-house pieces of one apartment, links the injected
 * test wallet, opens "Withdraw to wallet" on the unit's card on My spaceships, is told on the
 * field when the number is more than held, withdraws some of the pieces, reads "Your NFT minting
 * task added to queue.", sees the card keep the rest, and the wallet's HouseUnits balance of the
 * apartment's unit type rises by exactly the pieces once the server's worker has minted them.
 */
describe('withdraw container-house pieces in Chromium: to the linked wallet as HouseUnits tokens', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let info: ChainInfoResponse;

  beforeAll(async () => {
    server = await startServer({ LOCAL_CHAIN: '1', LOCAL_CHAIN_PORT: '0' });
    info = (await (await fetch(`${server.url}/api/chain/config`)).json()) as ChainInfoResponse;
    browser = await launchBrowser();
    // axe injects a script, so this context bypasses the CSP (as the accessibility suite's do).
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
      bypassCSP: true,
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await installTestWallet(page, { rpcUrl: info.chains[0]!.rpcUrl, chainId: info.chains[0]!.id, account: WALLET });
    await signIn(page);
    await linkWallet(page, WALLET.address);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The pilot's unit pieces as the API holds them off chain (the demo seed gives one apartment). */
  async function heldUnit(): Promise<MyAsset> {
    const { data } = await playerApi(page, server.url).get<MyAssetsResponse>('/api/my/assets?kind=house_unit');
    expect(data, 'the demo pilot holds the pieces of one apartment').toHaveLength(1);
    expect(data[0]!.item.apartment).toBeDefined();
    return data[0]!;
  }
  const cardOf = (name: string) =>
    page.getByTestId('asset-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
  /** The card's tags line once it says `n` pieces. */
  const piecesOnCard = (card: Locator, n: number) =>
    card.locator('.asset-card__tags').filter({ hasText: new RegExp(`^Container house unit · ${n} pieces?$`) });

  /** My spaceships with the unit's card shown; its Withdraw to wallet button, pressed, opens the dialog. */
  async function openWithdraw(unit: MyAsset) {
    await page.goto(SHIPS);
    const card = cardOf(unit.name);
    await piecesOnCard(card, unit.pieces).waitFor();
    const opener = card.getByRole('button', { name: 'Withdraw to wallet' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw to wallet' });
    await dialog.waitFor();
    return { card, opener, dialog, field: dialog.getByLabel('Pieces to withdraw') };
  }

  it('refuses more pieces than held on the field itself, has no axe violations, and gives focus back on Cancel and Escape', async () => {
    const unit = await heldUnit();
    const { card, opener, dialog, field } = await openWithdraw(unit);
    expect(await dialog.textContent()).toContain(`${unit.name}: ${unit.pieces} pieces here.`);
    // It opens with everything held, the most that can be withdrawn.
    expect(await field.inputValue()).toBe(String(unit.pieces));
    await settled(page);
    expect(await axeViolations(page, 'Withdraw to wallet dialog')).toEqual([]);

    // One more than held: the field says so, is invalid, and takes focus (WCAG 3.3.1, 3.3.3).
    await field.fill(String(unit.pieces + 1));
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const message = `Enter a whole number of pieces from 1 to ${unit.pieces}.`;
    await expect.poll(() => focusedField(page)).toEqual({ name: 'pieces', invalid: 'true', description: message });
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await axeViolations(page, 'Withdraw to wallet dialog with a field error')).toEqual([]);

    // Nothing was taken: the card and the server still have every piece.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(opener)).toBe(true);
    expect(await piecesOnCard(card, unit.pieces).count()).toBe(1);
    expect((await heldUnit()).pieces).toBe(unit.pieces);
    expect(await playerApi(page, server.url).get<{ data: UnitWithdrawal[] }>('/api/units/withdrawals')).toMatchObject({
      data: [],
    });

    // Escape closes it too, and focus is back on the same button.
    await opener.click();
    await dialog.waitFor();
    expect(await field.inputValue()).toBe(String(unit.pieces));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(opener)).toBe(true);
  });

  it(
    'withdraws some pieces: the card keeps the rest, and the wallet holds exactly that many more of the unit type on chain',
    { timeout: 300_000 },
    async () => {
      const unit = await heldUnit();
      expect(unit.pieces, 'more pieces than are withdrawn, so the card stays').toBeGreaterThan(WITHDRAWN);
      const api = playerApi(page, server.url);
      const chain = createPublicClient({ transport: http(info.chains[0]!.rpcUrl) });
      const houseUnits = deployedAddress(server, 'houseUnits');
      // The demo wallets are funded with units of every type on a fresh local chain: the change counts.
      const balances = () =>
        Promise.all(
          [1n, 2n, 3n, 4n, 5n].map((id) =>
            chain.readContract({
              address: houseUnits,
              abi: houseUnitsAbi,
              functionName: 'balanceOf',
              args: [WALLET.address, id],
            }),
          ),
        );
      const before = await balances();

      const { card, opener, dialog, field } = await openWithdraw(unit);
      await field.fill(String(WITHDRAWN));
      await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('status').filter({ hasText: QUEUED }).waitFor();
      // Off the balance at once: the card shows what is left, the server agrees.
      const left = unit.pieces - WITHDRAWN;
      await piecesOnCard(card, left).waitFor();
      expect((await heldUnit()).pieces).toBe(left);
      await expect.poll(() => hasFocus(opener)).toBe(true);

      // The server's worker mints them: the withdrawal becomes final with its transaction.
      const withdrawal = async () => (await api.get<{ data: UnitWithdrawal[] }>('/api/units/withdrawals')).data;
      await expect
        .poll(async () => (await withdrawal()).map((w) => w.status), { timeout: 150_000 })
        .toEqual(['minted']);
      const [done] = await withdrawal();
      const unitType = unitTypeOf(unit.item.apartment!);
      expect(done).toMatchObject({
        apartment: unit.item.apartment,
        unit_type: unitType,
        pieces: WITHDRAWN,
        failure: null,
      });
      expect(done!.txid).toMatch(/^0x[0-9a-f]{64}$/i);

      // On chain: exactly WITHDRAWN more tokens of the apartment's unit type, no other type moved.
      const after = await balances();
      expect(after).toEqual(before.map((b, i) => (i + 1 === unitType ? b + BigInt(WITHDRAWN) : b)));

      // A reload reads the same from the server: the rest stays in My Assets.
      await page.reload();
      await piecesOnCard(card, left).waitFor();
    },
  );
});
