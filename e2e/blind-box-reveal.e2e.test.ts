import { describe, expect, it } from 'vitest';
import { playerApi } from './fixtures/player-api.ts';
import { useSignedInPage } from './fixtures/signed-in-page.ts';

/**
 * A blind box bought by card (sandbox provider) shows the ship it gave, with its proof, on the
 * result page and in My Orders: the buyer never has to look for it on /fairness. The sandbox's
 * hosted page carries the shop's name and icon.
 */
describe('a blind box bought in Chromium reveals its ship', () => {
  const pilot = useSignedInPage();

  it('pays a box on the sandbox page, then the result page, My blind boxes and My Orders show its ship and a Verify link', async () => {
    await pilot.page.goto('/shop');
    const promo = pilot.page.getByTestId('blind-box-promo');
    await promo.getByRole('button', { name: /^Add to cart: / }).click();
    const panel = pilot.page.getByTestId('cart-panel').first();
    await panel.getByText('Frontier Blind Box').waitFor();
    await panel.getByRole('button', { name: 'Checkout' }).click();
    await pilot.page.getByRole('dialog', { name: 'Checkout' }).getByRole('button', { name: 'Pay by card' }).click();

    await pilot.page.waitForURL((url) => url.pathname.startsWith('/sandbox/stripe/checkout/'));
    // Branded like the shop, with the shop's icon as its favicon (served, not a 404).
    expect(await pilot.page.title()).toMatch(/· Starport$/);
    const icon = await pilot.page.locator('link[rel="icon"]').getAttribute('href');
    const iconAnswer = await pilot.page.request.get(icon!);
    expect([iconAnswer.status(), iconAnswer.headers()['content-type']]).toEqual([200, 'image/svg+xml']);
    await pilot.page.getByRole('button', { name: /^Pay / }).click();

    await pilot.page.waitForURL((url) => url.pathname === '/shop/stripe_payment/success');
    const code = await pilot.page.getByTestId('card-result-code').textContent({ timeout: 30_000 });
    // The box opens just after the payment is confirmed: the page asks again until it has.
    const ship = pilot.page.getByTestId('box-opening-ship');
    await ship.waitFor({ timeout: 30_000 });
    type BoxLine = { object: string; openings?: { id: string; ship: { name: string } }[] };
    const order = await playerApi(pilot.page, pilot.server.url).get<{ data: { lines: BoxLine[] } }>(`/api/orders/${code}`);
    const opening = order.data.lines.find((l) => l.object === 'blindbox')!.openings![0]!;
    expect(await ship.textContent()).toBe(opening.ship.name);
    expect(await pilot.page.getByTestId('box-opening-rarity').textContent()).toMatch(/^(Common|Rare|Epic|Legendary)$/);
    expect(await pilot.page.getByTestId('box-opening-verify').getAttribute('href')).toBe(`/fairness/verify?opening=${opening.id}`);

    // My blind boxes, reached from the profile menu, shows the same box with the same ship.
    await pilot.page.getByTestId('profile-menu').click();
    await pilot.page.getByRole('menuitem', { name: 'My Blind Boxes' }).click();
    await pilot.page.waitForURL((url) => url.pathname === '/my/blindbox');
    await pilot.page.getByRole('heading', { name: 'My blind boxes' }).waitFor();
    await expect.poll(() => pilot.page.title()).toMatch(/^My blind boxes/);
    const box = pilot.page.getByTestId('my-box').filter({ has: pilot.page.getByTestId('my-box-order').getByText(code!) });
    expect(await box.getByTestId('my-box-state').textContent()).toBe('Opened');
    expect(await box.getByTestId('box-opening-ship').textContent()).toBe(opening.ship.name);
    expect(await box.getByTestId('box-opening-verify').getAttribute('href')).toBe(`/fairness/verify?opening=${opening.id}`);
    await pilot.page.setViewportSize({ width: 360, height: 740 });
    expect(await pilot.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await pilot.page.setViewportSize({ width: 1280, height: 800 });

    await pilot.page.goto('/my/orders');
    const row = pilot.page.getByTestId('order-row').filter({ has: pilot.page.getByTestId('order-code').getByText(code!) });
    expect(await row.getByTestId('box-opening-ship').textContent()).toBe(opening.ship.name);
    await row.getByTestId('box-opening-verify').click();
    await pilot.page.waitForURL((url) => url.pathname === '/fairness/verify');
    expect(await pilot.page.getByTestId('opening-summary').textContent()).toContain(opening.ship.name);
  });
});
