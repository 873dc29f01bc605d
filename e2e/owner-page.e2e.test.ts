import { describe, expect, it } from 'vitest';
import { playerApi } from './fixtures/player-api.ts';
import { useSignedInPage } from './fixtures/signed-in-page.ts';

type MyRef = { code: string | null; total: number; received: number };
type MyAssets = { total: number; data: { name: string; pieces: number; item: { apart_label?: string; apr_bps?: number; total_pieces?: number } }[] };

/**
 * The owner page of the demo pilot (an e-mail account, so no referral link until a wallet is
 * linked): opened from the profile menu, its figures are the API's, its tabs work by keyboard,
 * and it fits a 360 px phone.
 */
describe('the owner page in Chromium', () => {
  const pilot = useSignedInPage();

  it('opens from the menu with the referral figures of the API and the unit pieces on My Asset', async () => {
    await pilot.page.getByTestId('profile-menu').click();
    await pilot.page.getByRole('menuitem', { name: 'Owner page' }).click();
    await pilot.page.waitForURL((url) => url.pathname === '/dashboard');
    await pilot.page.getByRole('heading', { name: 'Owner page', level: 1 }).waitFor();
    await expect.poll(() => pilot.page.title()).toMatch(/^Owner page/);

    const api = playerApi(pilot.page, pilot.server.url);
    const ref = await api.get<MyRef>('/api/my/ref');
    expect(ref.code).toBeNull();
    await pilot.page.getByTestId('referral-link').getByRole('link', { name: 'Link a wallet' }).waitFor();
    await expect.poll(() => pilot.page.getByTestId('referral-received-amount').textContent()).toBe(`$${ref.received.toFixed(3)}`);
    await pilot.page.getByText('Nobody has joined with your link yet').waitFor();

    // The tabs take one Tab stop; the arrow key moves to My Asset and the address follows.
    await pilot.page.getByRole('tab', { name: 'Affiliates' }).focus();
    await pilot.page.keyboard.press('ArrowRight');
    await pilot.page.waitForURL((url) => url.searchParams.get('tab') === 'assets');
    expect(await pilot.page.evaluate(() => document.activeElement?.textContent)).toBe('My Asset');

    const units = await api.get<MyAssets>('/api/my/assets?kind=house_unit');
    expect(units.total).toBeGreaterThan(0);
    await expect.poll(() => pilot.page.getByTestId('owner-unit').count()).toBe(units.data.length);
    const first = units.data[0]!;
    const card = pilot.page.getByTestId('owner-unit').first();
    expect(await card.getByTestId('owner-unit-apartments').textContent()).toBe(first.item.apart_label);
    expect(await card.getByTestId('owner-unit-apr').textContent()).toBe(`${first.item.apr_bps! / 100}%`);
    expect(await card.getByTestId('owner-unit-pieces').textContent()).toBe(`${first.pieces} of ${first.item.total_pieces}`);
  });

  it('shows a redeemed code in History, linked to its page, as the API lists it', async () => {
    await pilot.page.goto('/my/redeem');
    await pilot.page.getByLabel('Code', { exact: true }).fill('WELCOME-DNC');
    await pilot.page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await pilot.page.getByRole('status').filter({ hasText: 'Code redeemed: you received 1,000 DNC.' }).waitFor();

    await pilot.page.goto('/dashboard?tab=history');
    const history = await playerApi(pilot.page, pilot.server.url).get<{ data: { title: string; link: string }[] }>('/api/my/history');
    expect(history.data[0]).toMatchObject({ title: 'You redeemed a code for 1,000 DNC', link: '/my/redeem' });
    const newest = pilot.page.getByTestId('history-entry').first();
    await newest.getByRole('link', { name: 'You redeemed a code for 1,000 DNC' }).waitFor();
    expect(await newest.getByTestId('history-amount').textContent()).toBe('+1,000 DNC');
    await expect.poll(() => pilot.page.getByTestId('history-entry').count()).toBe(history.data.length);
  });

  it('sells DNC from the owner page: the dialog lists it, says so, and gives focus back to Sell DNC', async () => {
    await pilot.page.goto('/dashboard');
    const sell = pilot.page.getByRole('button', { name: 'Sell DNC' });
    await sell.click();
    const dialog = pilot.page.getByRole('dialog', { name: 'List DNC for sale' });
    await dialog.getByText(/^You have [\d,]+ DNC free to list/).waitFor();
    await dialog.getByLabel('DNC to sell').fill('100');
    await dialog.getByLabel('Price for the lot (USD)').fill('5');
    await dialog.getByRole('button', { name: 'List DNC' }).click();
    await dialog.waitFor({ state: 'detached' });
    await pilot.page.getByRole('status').getByRole('link', { name: 'See your DNC on sale' }).waitFor();
    await expect.poll(() => pilot.page.evaluate(() => document.activeElement?.textContent)).toBe('Sell DNC');
    const listings = await playerApi(pilot.page, pilot.server.url).get<{ data: { kind: string; dnc_amount: number | null }[] }>('/api/my/listings?kind=dnc');
    expect(listings.data.some((l) => l.dnc_amount === 100)).toBe(true);
  });

  it('answers at /dashbroad too and fits a 360 px phone', async () => {
    await pilot.page.setViewportSize({ width: 360, height: 740 });
    await pilot.page.goto('/dashbroad?tab=assets');
    await pilot.page.getByTestId('owner-unit').first().waitFor();
    expect(await pilot.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await pilot.page.getByRole('tab', { name: 'Affiliates' }).click();
    await pilot.page.getByText('Nobody has joined with your link yet').waitFor();
    expect(await pilot.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await pilot.page.getByRole('tab', { name: 'History' }).click();
    await pilot.page.getByTestId('history-entry').first().waitFor();
    expect(await pilot.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
