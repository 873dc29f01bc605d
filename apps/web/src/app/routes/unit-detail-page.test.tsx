import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock.ts';
import { expectDollarPricesOnly } from '../../test/money-words.ts';
import { expectNewTabLinksAnnounced } from '../../test/new-tab-links.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import { ADDRESS, houseTypes, unitListing } from '../../test/unit-fixtures.ts';
import UnitDetailPage from './unit-detail-page.tsx';

// jsdom cannot draw the chart (no canvas, no matchMedia); the chart library is not under test here.
vi.mock('lightweight-charts', () => ({
  LineSeries: {},
  createChart: () => ({ addSeries: () => ({ setData: () => {} }), timeScale: () => ({ fitContent: () => {} }), remove: () => {} }),
}));

afterEach(() => vi.unstubAllGlobals());

/** The first render loads a lazy chunk and two calls; a busy machine may need more than 1 s. */
const SLOW = { timeout: 60_000 };
vi.setConfig({ testTimeout: 15_000 });

const SECTIONS = ['Traits', 'Price History', 'About', 'Blockchain Details', 'More From This Collection'];

function serve(item: unknown, status = 200) {
  return mockFetch(({ url }) => {
    if (url.includes('/api/catalogue/house_types')) return json(200, { error: false, data: houseTypes });
    if (status !== 200) return json(status, item);
    return json(200, { error: false, item });
  });
}

const open = (path = '/market/u1') =>
  renderRoutes([page('/market/:id', <UnitDetailPage />), page('/detail/:id', <p>ship page</p>)], path);

describe('container-house unit page', () => {
  it('shows the type and range, the collection, the tags, real minted / total, the four figures and the price', async () => {
    serve(unitListing());
    open();
    await screen.findByRole('heading', { level: 1, name: 'Type 2 · Apart 25-72' }, SLOW);
    expect(screen.getByText('Starport Container Houses')).toBeTruthy();
    const tags = within(screen.getByRole('list', { name: 'Token' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(tags).toEqual(['ERC1155', 'BASE']);
    expect(document.querySelector('[data-field="minted"]')?.textContent).toBe('87 / 200 pieces minted');
    const stat = (key: string) => document.querySelector(`.unit-detail__layout [data-stat="${key}"] dd`)?.textContent;
    expect([stat('area_m2'), stat('floors'), stat('rooms'), stat('housing')]).toEqual(['42 m²', '1', '2', '3']);
    const buy = screen.getByRole('region', { name: 'Price' });
    expect(within(buy).getByText('$216.400')).toBeTruthy();
    expect(within(buy).getByText('Mar 14, 2026')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Ending in/);
    expect((screen.getByRole('img', { name: /Type 2 · Apart 25-72/ }) as HTMLImageElement).src).toContain('/images/v1/unit/2?resize=800x800');
  });

  it('opens and closes each section on its own', async () => {
    serve(unitListing());
    open();
    await screen.findByRole('heading', { level: 1 }, SLOW);
    const buttons = new Map(SECTIONS.map((title) => [title, screen.getByRole('button', { name: title })]));
    for (const [title, button] of buttons) {
      const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
      expect(panel.getAttribute('aria-labelledby')).toBe(button.id);
      expect(button.getAttribute('aria-expanded'), title).toBe('true');
      fireEvent.click(button);
      expect(button.getAttribute('aria-expanded'), title).toBe('false');
      expect(panel.hidden, title).toBe(true);
      // Every other section is still open.
      for (const [other, otherButton] of buttons) {
        if (other !== title) expect(otherButton.getAttribute('aria-expanded'), `${other} after closing ${title}`).toBe('true');
      }
      fireEvent.click(button);
      expect(button.getAttribute('aria-expanded'), title).toBe('true');
      expect(panel.hidden, title).toBe(false);
    }
  });

  it('shows the contract as first 6 and last 4 characters linked to the explorer when it is configured', async () => {
    const explorer = `https://basescan.org/address/${ADDRESS}`;
    serve(unitListing({ contract_address: ADDRESS, explorer_url: explorer, chain: 'Base Sepolia' }));
    open();
    // Named as it reads, "0x5FbD…0aa3" first, and warns of the new tab (WCAG 2.5.3).
    const link = await screen.findByRole('link', { name: '0x5FbD…0aa3, the contract on the block explorer, opens in a new tab' }, SLOW);
    expect(link.getAttribute('title')).toBe(ADDRESS);
    expect(link.getAttribute('href')).toBe(explorer);
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(expectNewTabLinksAnnounced(document.body)).toBe(2); // and the chart's credit
    const details = document.querySelector('.unit-chain')!.textContent;
    expect(details).toContain('ERC1155');
    expect(details).toContain('Base Sepolia');
    expect(screen.queryByText(/not deployed yet/)).toBeNull();
  });

  it('says plainly that the contract is not deployed when no address is configured', async () => {
    serve(unitListing());
    open();
    await screen.findByRole('heading', { level: 1 }, SLOW);
    expect(document.querySelector('[data-field="contract"]')?.textContent).toBe('Not deployed yet');
    expect(screen.getByText(/The container-house contract is not deployed yet/)).toBeTruthy();
    expect(document.querySelector('.unit-chain a')).toBeNull();
  });

  it('fills the traits from the data: range and price for its floor, rarity from the unit types, no second floor for a one-floor type', async () => {
    serve(unitListing());
    open();
    await screen.findByText('120 of 120 · 100%', {}, SLOW);
    const first = document.querySelector('[data-trait="1"]')!.textContent;
    expect(first).toContain('First Floor');
    expect(first).toContain('Apart 25-72');
    expect(first).toContain('$216.400');
    const second = document.querySelector('[data-trait="2"]')!.textContent;
    expect(second).toContain('Not in Type 2 (1 floor)');
    expect(second).toContain('48 of 120 · 40%');
    expect(second).not.toContain('$');
  });

  it("charts the type's recorded sales and lists the rest of the collection with links to their pages", async () => {
    serve(unitListing());
    open();
    await screen.findByText(/3 sales · last \$236\.000/, {}, SLOW);
    const more = screen.getByRole('region', { name: 'More From This Collection' });
    const link = within(more).getByRole('link', { name: 'Container House Apartment 55' });
    expect(link.getAttribute('href')).toBe('/market/u9');
    expect(within(more).getAllByText('26% APR')).toHaveLength(2);
    expect(within(more).getByText('$252.750')).toBeTruthy();
    expectDollarPricesOnly(document.body.textContent);
  });

  it('sends a ship or DNC listing to its own page, replacing the history entry', async () => {
    serve({ ...unitListing(), _id: 's5', kind: 'ship', item: { ...unitListing().item, element: 0, rarity: 1 } });
    const { router } = open('/market/s5');
    await screen.findByText('ship page', {}, SLOW);
    expect(router.state.location.pathname).toBe('/detail/s5');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('a listing the API does not know is "not for sale", with a way back', async () => {
    serve({ error: true, code: 'NOT_FOUND', msg: 'There is no marketplace item with id 42.' }, 404);
    open('/market/42');
    await screen.findByRole('heading', { name: 'This item is not for sale' }, SLOW);
    expect(screen.getByRole('link', { name: 'Browse the marketplace' }).getAttribute('href')).toBe('/market');
  });

  it('a failed load shows the error and retries', async () => {
    let calls = 0;
    mockFetch(({ url }) => {
      if (url.includes('/api/catalogue/house_types')) return json(200, { error: false, data: houseTypes });
      calls += 1;
      return calls === 1 ? json(500, { error: true, code: 'INTERNAL', msg: 'Something went wrong. Please try again later.' }) : json(200, { error: false, item: unitListing() });
    });
    open();
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain('Something went wrong. Please try again later.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Type 2 · Apart 25-72' }, SLOW);
  });

  it('shows a loading skeleton first, and BUY NOW signed out asks the player to log in', async () => {
    serve(unitListing());
    open();
    expect(screen.getByText('Loading the unit…')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'BUY NOW' }, SLOW));
    expect(screen.getByText('To initiate payment process, please log into your account.')).toBeTruthy();
  });
});
