import { ANVIL_MNEMONIC, houseUnitsAbi, rewardTokenAbi, unitStakingAbi } from '@starport/chain';
import type { ChainInfoResponse } from '@starport/schemas/chain';
import type { StakingPool, StakingPoolResponse } from '@starport/schemas';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { createPublicClient, createWalletClient, http, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './fixtures/axe.ts';
import { launchBrowser } from './fixtures/browser.ts';
import { anvilRpc, linkWallet } from './fixtures/local-chain-nft.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { signIn } from './fixtures/sign-in.ts';
import { installTestWallet } from './fixtures/test-wallet.ts';

/** A wallet the demo chain does not fund: it starts with the one unit the deployer mints it here. */
const WALLET = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 9 });
/** anvil's account 0 deployed the contracts and holds MINTER_ROLE on HouseUnits. */
const DEPLOYER = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 });
const UNIT_TYPE = 1n;

/**
 * Issue 20's staking in Chromium on the server's own local chain: the injected test wallet
 * approves and stakes a unit through "List NFT Staking", anvil moves time on, Claim pays the
 * reward token (read on chain too), the unit is unstaked; the staking pages pass axe at 1366
 * and 360 px.
 */
describe('Unit-token staking in Chromium: approve, stake, earn, claim, unstake', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let info: ChainInfoResponse;
  let pool: StakingPool;

  const chain = () => createPublicClient({ transport: http(info.chains[0]!.rpcUrl) });
  const staked = () =>
    chain().readContract({
      address: pool.contracts.staking.address as Address,
      abi: unitStakingAbi,
      functionName: 'getStakedAmount',
      args: [WALLET.address, UNIT_TYPE],
    });
  const rewardBalance = () =>
    chain().readContract({
      address: pool.contracts.reward_token.address as Address,
      abi: rewardTokenAbi,
      functionName: 'balanceOf',
      args: [WALLET.address],
    });

  async function contextAt(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
    // axe injects a script, so these contexts bypass the CSP (as the accessibility suite's do).
    const made = await browser.newContext({
      baseURL: server.url,
      viewport: { width, height },
      ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
      bypassCSP: true,
    });
    const opened = await made.newPage();
    opened.setDefaultTimeout(30_000);
    await installTestWallet(opened, { rpcUrl: info.chains[0]!.rpcUrl, chainId: pool.chain.id, account: WALLET });
    return { context: made, page: opened };
  }

  /** Waits for the outcome dialog of an action, says what the page showed when it is not the expected one. */
  async function outcome(p: Page, title: 'Success' | 'Error'): Promise<Locator> {
    const dialog = p.getByRole('dialog', { name: /^(Success|Error)$/ });
    await dialog.waitFor({ timeout: 120_000 });
    const said = await dialog.textContent();
    expect(said, `the outcome dialog says: ${said}`).toMatch(new RegExp(`^${title}`));
    return dialog;
  }

  beforeAll(async () => {
    server = await startServer({ LOCAL_CHAIN: '1', LOCAL_CHAIN_PORT: '0' });
    info = (await (await fetch(`${server.url}/api/chain/config`)).json()) as ChainInfoResponse;
    const answer = (await (await fetch(`${server.url}/api/staking/pool`)).json()) as StakingPoolResponse;
    if (!answer.available) throw new Error(`staking not available: ${answer.reason}`);
    pool = answer.pool;
    // The fresh wallet gets one unit from the deployer, and a little ETH for gas.
    const deployer = createWalletClient({ account: DEPLOYER, transport: http(info.chains[0]!.rpcUrl) });
    const mint = await deployer.writeContract({
      chain: null,
      address: pool.contracts.units.address as Address,
      abi: houseUnitsAbi,
      functionName: 'mint',
      args: [WALLET.address, UNIT_TYPE, 1n],
    });
    await chain().waitForTransactionReceipt({ hash: mint });
    browser = await launchBrowser();
    ({ context, page } = await contextAt(1366, 900));
    await signIn(page);
    await linkWallet(page, WALLET.address);
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it(
    'approves and stakes one unit from the List NFT Staking modal; focus returns to Staking',
    { timeout: 300_000 },
    async () => {
      await page.goto('/stakingdetail');
      await page.getByRole('heading', { level: 1, name: 'Starport Staking' }).waitFor();
      expect(await page.title()).toContain('Starport Staking');
      await page.getByTestId('units-held').filter({ hasText: /^1$/ }).waitFor();
      const open = page.getByRole('button', { name: 'Staking', exact: true });
      await open.click();
      const list = page.getByRole('dialog', { name: 'List NFT Staking' });
      await list
        .getByRole('button', { name: /^Staking one / })
        .first()
        .click();
      const done = await outcome(page, 'Success');
      await done.getByRole('button', { name: 'OK' }).click();
      expect(await staked()).toBe(1n);
      await list
        .getByRole('button', { name: /^Unstaking one / })
        .first()
        .waitFor();
      await list.getByRole('button', { name: 'Close' }).click();
      await list.waitFor({ state: 'detached' });
      await expect.poll(() => open.evaluate((el) => el === document.activeElement)).toBe(true);
    },
  );

  it('earns as time passes on anvil; Claim pays the reward token to the wallet', { timeout: 300_000 }, async () => {
    const rpc = anvilRpc(info.chains[0]!.rpcUrl);
    await rpc('evm_increaseTime', [30 * 86_400]);
    await rpc('evm_mine', []);
    const before = await rewardBalance();
    await page.reload();
    const pending = page.getByTestId('pending-reward');
    await pending.waitFor();
    expect(await pending.textContent()).not.toMatch(/^0\.0000 /);
    const claim = page.getByRole('button', { name: 'Claim' });
    await expect.poll(() => claim.isEnabled()).toBe(true);
    await claim.click();
    const done = await outcome(page, 'Success');
    await done.getByRole('button', { name: 'OK' }).click();
    const after = await rewardBalance();
    expect(after > before).toBe(true);
    // The page reads the pending reward again: nothing left but what accrued since the claim.
    await expect.poll(async () => (await pending.textContent()) ?? '').toMatch(/^0\.0\d{3} /);
  });

  it('unstakes the unit back to the wallet', { timeout: 300_000 }, async () => {
    await page.getByRole('button', { name: 'Staking', exact: true }).click();
    const list = page.getByRole('dialog', { name: 'List NFT Staking' });
    await list
      .getByRole('button', { name: /^Unstaking one / })
      .first()
      .click();
    const done = await outcome(page, 'Success');
    await done.getByRole('button', { name: 'OK' }).click();
    expect(await staked()).toBe(0n);
    await list
      .getByRole('button', { name: /^Staking one / })
      .first()
      .waitFor();
    await list.getByRole('button', { name: 'Close' }).click();
  });

  it(
    'has no axe violations on /staking, /stakingdetail (modal open) and /affiliate at 1366 and 360 px',
    { timeout: 300_000 },
    async () => {
      const phone = await contextAt(360, 740);
      await signIn(phone.page);
      try {
        for (const [p, width] of [
          [page, 1366],
          [phone.page, 360],
        ] as const) {
          for (const href of ['/staking', '/stakingdetail', '/affiliate']) {
            await p.goto(href);
            await p.getByRole('heading', { level: 1 }).waitFor();
            await p
              .getByText(/^Loading (the staking pool|your units)…$/)
              .first()
              .waitFor({ state: 'detached' });
            const wide = await p.evaluate(
              (w) =>
                Array.from(document.querySelectorAll<HTMLElement>('body *'))
                  .filter(
                    (el) =>
                      (el.getBoundingClientRect().right > w + 0.5 || el.scrollWidth > el.clientWidth + 1) &&
                      !el.parentElement?.closest('.staking-table-wrap'),
                  )
                  .slice(0, 12)
                  .map(
                    (el) =>
                      `${el.tagName.toLowerCase()}.${String(el.className)} (right ${Math.round(el.getBoundingClientRect().right)}, scroll ${el.scrollWidth}/${el.clientWidth})`,
                  ),
              width,
            );
            expect(
              await p.evaluate(() => document.documentElement.scrollWidth),
              `${href}: ${wide.join(', ')}`,
            ).toBeLessThanOrEqual(width);
            expect(await axeViolations(p, `${width} px ${href}`)).toEqual([]);
            if (href === '/stakingdetail') {
              await p.getByRole('button', { name: 'Staking', exact: true }).click();
              const list = p.getByRole('dialog', { name: 'List NFT Staking' });
              await list
                .getByRole('button', { name: /^Staking one / })
                .first()
                .waitFor();
              expect(await axeViolations(p, `${width} px List NFT Staking`)).toEqual([]);
              await list.getByRole('button', { name: 'Close' }).click();
            }
          }
        }
      } finally {
        await phone.context.close();
      }
    },
  );
});
