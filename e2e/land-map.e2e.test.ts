import { describe, expect, it } from 'vitest';
import { axeViolations } from './fixtures/axe.ts';
import { playerApi } from './fixtures/player-api.ts';
import { signIn } from './fixtures/sign-in.ts';
import { useSignedInPage } from './fixtures/signed-in-page.ts';

type Cells = { data: { id: number; layer: string }[]; plot_price: number };
type MyPlots = { data: { cell_id: number }[] };

/** Free land a few kilometres west of the demo plots (none of the demo accounts owns it). */
const FREE_SPOT = { lat: 48.87, lng: 2.28 };
const boxAround = ({ lat, lng }: typeof FREE_SPOT) => `${lng - 0.02},${lat - 0.02},${lng + 0.02},${lat + 0.02}`;

/**
 * The land map on My Land with the demo pilot (20 land credit): land credit topped up through
 * the card sandbox, then free cells bought on the map, one with the keyboard's centre button
 * and one with the mouse, each checked against what the server holds.
 */
describe('the land map in Chromium: top up land credit by card, buy plots on the map', () => {
  const pilot = useSignedInPage();
  const api = () => playerApi(pilot.page, pilot.server.url);
  const credit = async () => (await api().get<{ amount: number }>('/api/credit/total')).amount;
  const mine = async () => (await api().get<MyPlots>('/api/lands/my_assets?type=all')).data.map((p) => p.cell_id);

  it('tops up 5 land credit through the card sandbox and comes back to "Payment completed."', async () => {
    const { page } = pilot;
    const before = await credit();
    await page.goto('/assets');
    const map = page.getByRole('region', { name: "Map of the world's land" });
    await map.getByRole('button', { name: 'Top up' }).click();
    const terms = page.getByRole('dialog', { name: 'Top up land credit' });
    await terms.getByLabel('Land credits to buy').fill('5');
    await terms.getByRole('button', { name: 'Buy 5 Land Credit' }).click();
    await page.getByRole('dialog', { name: 'Checkout' }).getByRole('button', { name: 'Pay by card' }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/stripe/checkout/'));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/assets' && url.searchParams.get('topup') === 'success');
    const code = new URL(page.url()).searchParams.get('order');
    expect(code).toMatch(/^SP-/);
    await page.getByRole('status').filter({ hasText: 'Payment completed.' }).waitFor({ timeout: 30_000 });
    expect(await credit()).toBe(before + 5);
    const order = await api().order(code!);
    expect(order.lines.map((l) => l.name)).toEqual(['Buy 5 Land Credit']);
  });

  it('flies to typed coordinates and buys the free cell at the centre with the keyboard button', async () => {
    const { page } = pilot;
    const before = { credit: await credit(), plots: await mine() };
    const map = page.getByRole('region', { name: "Map of the world's land" });
    await map.getByLabel('Latitude, longitude').fill(`${FREE_SPOT.lat}, ${FREE_SPOT.lng}`);
    await map.getByRole('button', { name: 'Go', exact: true }).click();
    await map.getByText(/: plots shown\.$/).waitFor({ timeout: 30_000 });

    await map.getByRole('button', { name: 'Select the cell at the centre' }).click();
    const buy = map.getByRole('region', { name: 'Buy plots' });
    await buy.getByRole('button', { name: 'Buy 1 plot' }).click();
    await buy.getByText('Plots bought.').waitFor();

    const after = await mine();
    expect(after).toHaveLength(before.plots.length + 1);
    const bought = after.find((id) => !before.plots.includes(id))!;
    const cells = await api().get<Cells>(`/api/land/cells?bbox=${boxAround(FREE_SPOT)}`);
    expect(cells.data.find((c) => c.id === bought)?.layer).toBe('mine');
    expect(await credit()).toBe(before.credit - cells.plot_price);
  });

  it('selects a free cell with the mouse and buys it', async () => {
    const { page } = pilot;
    const before = { credit: await credit(), plots: await mine() };
    const map = page.getByRole('region', { name: "Map of the world's land" });
    const canvas = map.getByTestId('land-map-canvas');
    const box = (await canvas.boundingBox())!;
    // Well away from the centre cell just bought (a cell is about 30 px across at zoom 13).
    await canvas.click({ position: { x: box.width / 2 + 120, y: box.height / 2 } });
    const buy = map.getByRole('region', { name: 'Buy plots' });
    await buy.getByRole('button', { name: 'Buy 1 plot' }).click();
    await buy.getByText('Plots bought.').waitFor();
    expect(await mine()).toHaveLength(before.plots.length + 1);
    expect(await credit()).toBeLessThan(before.credit);
  });

  it('draws the map on a 360 px phone with no axe violations', async () => {
    // axe injects a script, so this context bypasses the CSP (as the accessibility suite's do).
    const context = await pilot.browser.newContext({ baseURL: pilot.server.url, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page);
    await page.goto('/assets');
    const map = page.getByRole('region', { name: "Map of the world's land" });
    await map.getByText(/Zoom in to see the 0\.4 km grid/).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The map draws with WebGL: its canvas has a size.
    const size = await map.locator('canvas').first().evaluate((c: HTMLCanvasElement) => c.width * c.height);
    expect(size).toBeGreaterThan(0);
    expect(await axeViolations(page, '360 px /assets')).toEqual([]);
    await context.close();
  });
});
