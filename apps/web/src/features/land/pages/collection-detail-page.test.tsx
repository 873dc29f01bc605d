import { NO_LAND_SELECTED } from '@starport/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import {
  changed,
  collection,
  collectionPlotsAnswer,
  collectionsAnswer,
  PARIS,
  plot,
  plotsAnswer,
  ROME,
  routeOf,
} from '../../../test/land-fixtures.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import CollectionDetailPage from './collection-detail-page.tsx';

vi.mock('../map/land-map-panel.tsx', () => ({
  default: (props: { label: string; mode: string; focusCells?: readonly number[] }) => (
    <section
      aria-label={props.label}
      data-testid="land-map"
      data-mode={props.mode}
      data-focus={props.focusCells?.join(',')}
    />
  ),
}));

afterEach(() => vi.unstubAllGlobals());

const LEFT_BANK = collection(1, 'Left Bank', 3);
const PLOTS = [
  plot(PARIS[0]!, { collection: 1 }),
  plot(PARIS[1]!, { collection: 1, price: 40 }),
  plot(ROME, { country: 'IT', collection: 1 }),
];

function renderPage(
  over: { collections?: unknown[]; plots?: unknown[]; individual?: unknown[]; write?: (call: Call) => Response } = {},
  path = '/assets/collection?key=1',
) {
  const mock = mockFetch((call) => {
    const route = routeOf(call);
    if (call.method === 'POST') return over.write?.(call) ?? changed('Done.', 1);
    if (route === '/api/collections/fetch') return json(200, collectionsAnswer(over.collections ?? [LEFT_BANK]));
    if (route === '/api/collections/lands?collection_id=1')
      return json(200, collectionPlotsAnswer(over.plots ?? PLOTS));
    if (route === '/api/lands/my_assets?type=individual')
      return json(200, plotsAnswer(over.individual ?? [plot(PARIS[5]!), plot(PARIS[6]!)]));
    return json(404, { error: true, code: 'NOT_FOUND', msg: 'That collection is not one of yours.' });
  });
  return { ...mock, ...renderRoutes([page('/assets/collection', <CollectionDetailPage />)], path) };
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => [routeOf(c), c.body]);

describe('collection detail (/assets/collection?key=)', () => {
  it('shows the name, Back to /assets?redirected=detail, the analysis counted from the plots, the table and the map', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Left Bank', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Land' }).getAttribute('href')).toBe(
      '/assets?redirected=detail',
    );
    expect(screen.getByTestId('analysis-plots').textContent).toBe('3');
    expect(screen.getByTestId('analysis-area').textContent).toBe('0.48 km²');
    expect(screen.getByTestId('analysis-valuation').textContent).toBe('$90');
    expect(
      within(screen.getByTestId('analysis-countries'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['France (FR): 2 plots', 'Italy (IT): 1 plot']);
    for (const name of ['Plot', 'Country', 'Valuation', 'Bought'])
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    expect(screen.getAllByTestId('plot-row')).toHaveLength(3);
    const map = await screen.findByRole('region', { name: 'Map of Left Bank' });
    expect(map.getAttribute('data-mode')).toBe('view');
    expect(map.getAttribute('data-focus')).toBe([PARIS[0], PARIS[1], ROME].join(','));
  });

  it('shows Remove only with a selection; Select All marks every plot; Remove posts remove_lands', async () => {
    const { calls } = renderPage({ write: () => changed('3 plots were moved out of the collection.', 1) });
    await screen.findByRole('heading', { name: 'Left Bank', level: 1 });
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: `Select Plot ${ROME}` }));
    expect(screen.getByRole('button', { name: 'Remove 1 plot' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select All' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove 3 plots' }));
    expect(await screen.findByText('3 plots were moved out of the collection.')).toBeTruthy();
    expect(posts(calls)).toEqual([
      ['/api/collections/remove_lands', { collection_id: 1, items: [PARIS[0], PARIS[1], ROME] }],
    ]);
  });

  it('adds individual plots: none ticked is refused with the spec’s sentence, then add_lands', async () => {
    const { calls } = renderPage({ write: () => changed('1 plot was moved into the collection.', 1) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog', { name: 'Add land' });
    const all = await within(form).findByRole('checkbox', { name: 'Select all' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to Left Bank' }));
    await waitFor(() => expect(all.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(all.getAttribute('aria-describedby')!)!.textContent).toBe(NO_LAND_SELECTED);
    fireEvent.click(within(form).getByRole('checkbox', { name: new RegExp(`^Plot ${PARIS[6]} `) }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add to Left Bank' }));
    expect(await screen.findByText('1 plot was moved into the collection.')).toBeTruthy();
    expect(posts(calls)).toEqual([['/api/collections/add_lands', { collection_id: 1, items: [PARIS[6]] }]]);
  });

  it('is read-only while the collection is minting or minted, and says why', async () => {
    renderPage({ collections: [collection(1, 'Left Bank', 3, 2)] });
    expect(await screen.findByTestId('frozen-note')).toBeTruthy();
    expect(screen.getByTestId('frozen-note').textContent).toMatch(
      /Left Bank is minting or minted: its land cannot change/,
    );
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByTestId('mint-state').textContent).toBe('NFT');
    expect(screen.getAllByTestId('plot-row')).toHaveLength(3);
  });

  it('shows the server’s sentence for a collection that is not mine, and a sentence for an address without a key', async () => {
    renderPage({}, '/assets/collection?key=7');
    expect(await screen.findByText('That collection is not one of yours.')).toBeTruthy();
    vi.unstubAllGlobals();
    renderPage({}, '/assets/collection?key=abc');
    expect(await screen.findByText(/This address names no collection/)).toBeTruthy();
  });
});
