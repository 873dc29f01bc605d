import { describe, expect, it } from 'vitest';
import { playerApi } from './fixtures/player-api.ts';
import { useSignedInPage } from './fixtures/signed-in-page.ts';

type Collection = { _id: number; name: string; total: number; state: number };
type Plot = { cell_id: number; price: number; areas: { country: string | null }[] };

/**
 * The land pages with the demo land: pilot owns seven Paris plots, "Left Bank" (3) and
 * "Montmartre" (2) and two plots in no collection. Grouping, renaming and moving happen on
 * the screens; the API is read to check that the server holds what they said.
 */
describe('land pages in Chromium', () => {
  const pilot = useSignedInPage();

  const collections = async () =>
    (await playerApi(pilot.page, pilot.server.url).get<{ data: Collection[] }>('/api/collections/fetch')).data;
  const named = async (name: string) => (await collections()).find((c) => c.name === name);
  const card = (name: string) =>
    pilot.page.getByTestId('land-collection').filter({ has: pilot.page.getByRole('heading', { name, exact: true }) });
  const notice = (text: string) => pilot.page.getByRole('status').filter({ hasText: text }).waitFor();

  it('opens My Land from the menu with the demo collections and the loose plots', async () => {
    await pilot.page.getByTestId('profile-menu').click();
    await pilot.page.getByRole('menuitem', { name: 'My Land' }).click();
    await pilot.page.waitForURL((url) => url.pathname === '/assets');
    await pilot.page.getByRole('heading', { name: 'My Land', level: 1 }).waitFor();
    expect(await card('Left Bank').getByTestId('collection-total').textContent()).toBe('3 plots');
    expect(await card('Montmartre').getByTestId('collection-total').textContent()).toBe('2 plots');
    expect(await pilot.page.getByTestId('plot-choice').count()).toBe(2);
    expect(await pilot.page.getByRole('button', { name: 'Create collection' }).isDisabled()).toBe(true);
  });

  it('creates a collection from a loose plot, then renames it', async () => {
    await pilot.page.getByTestId('plot-choice').first().getByRole('checkbox').check();
    await pilot.page.getByRole('button', { name: 'Create collection' }).click();
    const create = pilot.page.getByRole('dialog', { name: 'Create collection' });
    await create.getByRole('button', { name: 'Create collection' }).click();
    await create.getByText('Collection name has not been entered.').waitFor();
    await create.getByLabel('Collection name').fill('Riverside');
    await create.getByRole('button', { name: 'Create collection' }).click();
    await notice('The collection Riverside was made with 1 plot.');
    expect(await named('Riverside')).toMatchObject({ total: 1, state: 0 });
    await expect.poll(() => pilot.page.getByTestId('plot-choice').count()).toBe(1);

    await card('Riverside').getByRole('button', { name: 'Rename Riverside' }).click();
    const rename = pilot.page.getByRole('dialog', { name: 'Rename collection' });
    await rename.getByLabel('Collection name').fill('Quai de Seine');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await notice('The collection is now called Quai de Seine.');
    await card('Quai de Seine').waitFor();
    expect(await named('Riverside')).toBeUndefined();
    expect(await named('Quai de Seine')).toMatchObject({ total: 1 });
  });

  it('moves a plot from Left Bank to Montmartre', async () => {
    const leftBank = card('Left Bank');
    await leftBank.getByRole('button', { name: 'Show plots of Left Bank' }).click();
    await leftBank.getByTestId('plot-row').first().getByRole('checkbox').check();
    await leftBank.getByRole('button', { name: 'Move plots of Left Bank' }).click();
    const move = pilot.page.getByRole('dialog', { name: 'Move plots' });
    await move.getByRole('button', { name: 'Move plots' }).click();
    await move.getByText('No collections have been selected yet.').waitFor();
    await move.getByLabel('Move to').selectOption({ label: 'Montmartre (2 plots)' });
    await move.getByRole('button', { name: 'Move plots' }).click();
    await notice('into the collection');
    expect(await named('Left Bank')).toMatchObject({ total: 2 });
    expect(await named('Montmartre')).toMatchObject({ total: 3 });
    await expect.poll(() => card('Montmartre').getByTestId('collection-total').textContent()).toBe('3 plots');
  });

  it('opens Montmartre’s detail with the analysis counted from its plots, and goes back', async () => {
    const montmartre = (await named('Montmartre'))!;
    const { data: plots } = await playerApi(pilot.page, pilot.server.url).get<{ data: Plot[] }>(
      `/api/collections/lands?collection_id=${montmartre._id}`,
    );
    expect(plots).toHaveLength(3);
    await card('Montmartre').getByRole('link', { name: 'Open Montmartre' }).click();
    await pilot.page.waitForURL(
      (url) => url.pathname === '/assets/collection' && url.searchParams.get('key') === String(montmartre._id),
    );
    await pilot.page.getByRole('heading', { name: 'Montmartre', level: 1 }).waitFor();
    expect(await pilot.page.getByTestId('analysis-plots').textContent()).toBe('3');
    // Three cells of 0.4 km × 0.4 km.
    expect(await pilot.page.getByTestId('analysis-area').textContent()).toBe('0.48 km²');
    const valuation = plots.reduce((sum, p) => sum + p.price, 0);
    expect(await pilot.page.getByTestId('analysis-valuation').textContent()).toBe(`$${valuation}`);
    expect(await pilot.page.getByTestId('analysis-countries').textContent()).toBe('France (FR): 3 plots');
    expect(await pilot.page.getByTestId('plot-row').count()).toBe(3);

    await pilot.page.getByRole('link', { name: 'Back to My Land' }).click();
    await pilot.page.waitForURL((url) => url.pathname === '/assets' && url.searchParams.get('redirected') === 'detail');
    await pilot.page.getByRole('heading', { name: 'My Land', level: 1 }).waitFor();
  });

  it('shows the read-only detail to a visitor', async () => {
    const montmartre = (await named('Montmartre'))!;
    const visitor = await pilot.browser.newContext({ baseURL: pilot.server.url });
    const other = await visitor.newPage();
    await other.goto(`/collection/${montmartre._id}`);
    await other.getByRole('heading', { name: 'Land in the collection: Montmartre', level: 1 }).waitFor();
    expect(await other.getByTestId('collection-owner').textContent()).toContain('Owner: pilot');
    expect(await other.getByTestId('plot-row').count()).toBe(3);
    await visitor.close();
  });

  it('fits a 360 px phone', async () => {
    await pilot.page.setViewportSize({ width: 360, height: 740 });
    await pilot.page.goto('/assets');
    await card('Left Bank').waitFor();
    expect(await pilot.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await pilot.page.goto('/assets/collections');
    await pilot.page.getByTestId('collection-row').first().waitFor();
    expect(await pilot.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
