import { describe, expect, it } from 'vitest';
import { playerApi } from './fixtures/player-api.ts';
import { useSignedInPage } from './fixtures/signed-in-page.ts';

type MyLands = { total: number; dailyEarn: number; accrued: number; enable: boolean; next_time: string | null };

/**
 * GOALAND with the demo land: pilot's seven Paris plots were bought two days ago, so the page
 * offers their DNC; collecting credits it once and the page then shows the next refresh.
 */
describe('GOALAND in Chromium', () => {
  const pilot = useSignedInPage();

  it('opens from the menu with the API’s figures, collects the DNC once, then shows the next refresh', async () => {
    const api = playerApi(pilot.page, pilot.server.url);
    const lands = await api.get<MyLands>('/api/my/lands');
    expect(lands).toMatchObject({ total: 7, enable: true, next_time: null });
    expect(lands.accrued).toBe(lands.dailyEarn * 2);
    const dncBefore = (await api.get<{ amount: number }>('/api/marketplace/dnc/listing')).amount;

    await pilot.page.getByTestId('profile-menu').click();
    await pilot.page.getByRole('menuitem', { name: 'GOALAND' }).click();
    await pilot.page.waitForURL((url) => url.pathname === '/my/goaland');
    await pilot.page.getByRole('heading', { name: 'GOALAND Land Staking', level: 1 }).waitFor();
    expect(await pilot.page.getByTestId('goaland-plots').textContent()).toBe('7');
    expect(await pilot.page.getByTestId('goaland-accrued').textContent()).toBe(`${lands.accrued} DNC to collect`);

    await pilot.page.getByRole('button', { name: 'Collect DNC' }).click();
    await pilot.page.getByRole('status').filter({ hasText: `Collected ${lands.accrued} DNC.` }).waitFor();
    await pilot.page.getByTestId('goaland-next-time').waitFor();
    expect((await api.get<{ amount: number }>('/api/marketplace/dnc/listing')).amount).toBe(dncBefore + lands.accrued);
    expect(await api.get<MyLands>('/api/my/lands')).toMatchObject({ enable: false, accrued: 0 });
  });

  it('fits a 360 px phone', async () => {
    await pilot.page.setViewportSize({ width: 360, height: 740 });
    await pilot.page.reload();
    await pilot.page.getByTestId('goaland-row').waitFor();
    expect(await pilot.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
