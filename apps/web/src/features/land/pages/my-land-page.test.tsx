import { MINT_NEEDS_WALLET, NO_COLLECTION_NAME, NO_COLLECTION_SELECTED, NO_LAND_SELECTED } from '@starport/schemas';
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
  routeOf,
} from '../../../test/land-fixtures.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import MyLandPage from './my-land-page.tsx';

// The map is its own area (maplibre, lazily loaded): a stand-in shows what the page asks of it.
vi.mock('../map/land-map-panel.tsx', () => ({
  default: (props: { label: string; mode: string; topUp?: unknown }) => (
    <section aria-label={props.label} data-testid="land-map" data-mode={props.mode}>
      {props.topUp as never}
    </section>
  ),
}));

afterEach(() => vi.unstubAllGlobals());

const LEFT_BANK = collection(1, 'Left Bank', 3);
const MONTMARTRE = collection(2, 'Montmartre', 2);
const MINTING = collection(3, 'Old Town', 1, 1);
const MINTED = collection(4, 'Harbour', 1, 2);

type World = {
  collections: unknown[];
  individual: unknown[];
  plotsOf: Record<string, unknown[]>;
  targets?: unknown[];
  write?: (call: Call) => Response;
};

function serve(world: World) {
  return mockFetch((call) => {
    const route = routeOf(call);
    if (call.method === 'POST') return world.write?.(call) ?? changed('Done.');
    if (route === '/api/collections/fetch') return json(200, collectionsAnswer(world.collections));
    if (route === '/api/lands/my_assets?type=individual') return json(200, plotsAnswer(world.individual));
    if (route.startsWith('/api/collections/lands?collection_id='))
      return json(200, collectionPlotsAnswer(world.plotsOf[route.split('=')[1]!] ?? []));
    if (route.startsWith('/api/collections/items')) return json(200, { error: false, items: world.targets ?? [] });
    return json(404, { error: true, code: 'NOT_FOUND', msg: `no such call in the test: ${route}` });
  });
}

const demo = (over: Partial<World> = {}): World => ({
  collections: [MONTMARTRE, LEFT_BANK],
  individual: [plot(PARIS[5]!), plot(PARIS[6]!, { price: 40 })],
  plotsOf: {
    '1': PARIS.slice(0, 3).map((id) => plot(id, { collection: 1 })),
    '2': PARIS.slice(3, 5).map((id) => plot(id, { collection: 2 })),
    '3': [plot(PARIS[0]!, { collection: 3 })],
    '4': [plot(PARIS[1]!, { collection: 4 })],
  },
  targets: [LEFT_BANK],
  ...over,
});

function renderPage(world: World, path = '/assets') {
  const mock = serve(world);
  return { ...mock, ...renderRoutes([page('/assets', <MyLandPage topUp={<p>Top up here</p>} />)], path) };
}

const card = async (name: string) =>
  (await screen.findAllByTestId('land-collection')).find((el) => within(el).queryByRole('heading', { name }))!;
const dialog = (name: string) => screen.findByRole('dialog', { name });
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => [routeOf(c), c.body]);

describe('My Land (/assets)', () => {
  it('shows the collections with totals, the individual plots, Refresh and the map in buy mode with the top-up', async () => {
    const { calls } = renderPage(demo());
    expect(await screen.findByRole('heading', { name: 'My Land', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    const left = await card('Left Bank');
    expect(within(left).getByTestId('collection-total').textContent).toBe('3 plots');
    expect(screen.getByRole('heading', { name: 'Individual Land Plots' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: `Plot ${PARIS[5]} · France (FR) · $25` })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: `Plot ${PARIS[6]} · France (FR) · $40` })).toBeTruthy();
    const map = await screen.findByRole('region', { name: "Map of the world's land" });
    expect(map.getAttribute('data-mode')).toBe('buy');
    expect(within(map).getByText('Top up here')).toBeTruthy();

    const before = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(calls.slice(before).map(routeOf)).toEqual(
        expect.arrayContaining(['/api/collections/fetch', '/api/lands/my_assets?type=individual']),
      ),
    );
  });

  it('reads the mint state of each collection: Mint NFT, Minting ..., NFT', async () => {
    renderPage(demo({ collections: [LEFT_BANK, MINTING, MINTED] }));
    const open = within(await card('Left Bank')).getByTestId('mint-state');
    const mint = within(open).getByRole('button', { name: 'Mint NFT: Left Bank' }) as HTMLButtonElement;
    expect(mint.textContent).toBe('Mint NFT');
    expect(mint.disabled).toBe(false);
    // No wallet is linked in this session: the button says what the server would answer.
    expect(document.getElementById(mint.getAttribute('aria-describedby')!)!.textContent).toBe(MINT_NEEDS_WALLET);
    expect(within(await card('Old Town')).getByTestId('mint-state').textContent).toBe('Minting ...');
    expect(within(await card('Harbour')).getByTestId('mint-state').textContent).toBe('NFT');
  });

  it('expands a collection to its plots (cell, country, valuation) and collapses it again', async () => {
    const { calls } = renderPage(demo());
    const left = await card('Left Bank');
    const toggle = within(left).getByRole('button', { name: 'Show plots of Left Bank' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const rows = await within(left).findAllByTestId('plot-row');
    expect(rows.map((r) => r.textContent)).toEqual(PARIS.slice(0, 3).map((id) => `Plot ${id}France (FR)$25`));
    expect(calls.map(routeOf)).toContain('/api/collections/lands?collection_id=1');
    fireEvent.click(within(left).getByRole('button', { name: 'Hide plots of Left Bank' }));
    expect(within(left).queryAllByTestId('plot-row')).toEqual([]);
  });

  it('keeps Create collection and Add to collection disabled until a plot is marked; Select all marks every plot', async () => {
    renderPage(demo());
    const create = (await screen.findByRole('button', { name: 'Create collection' })) as HTMLButtonElement;
    const add = screen.getByRole('button', { name: 'Add to collection' }) as HTMLButtonElement;
    expect([create.disabled, add.disabled]).toEqual([true, true]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(
      screen.getAllByTestId('plot-choice').map((li) => (within(li).getByRole('checkbox') as HTMLInputElement).checked),
    ).toEqual([true, true]);
    expect([create.disabled, add.disabled]).toEqual([false, false]);
  });

  it('creates a collection from the marked plot: a name is required, so is a plot, then POST create_and_move', async () => {
    const { calls } = renderPage(demo({ write: () => changed('The collection Riverside was made with 1 plot.', 9) }));
    fireEvent.click(await screen.findByRole('checkbox', { name: new RegExp(`^Plot ${PARIS[5]} `) }));
    fireEvent.click(screen.getByRole('button', { name: 'Create collection' }));
    const form = await dialog('Create collection');

    fireEvent.click(within(form).getByRole('button', { name: 'Create collection' }));
    const name = within(form).getByLabelText('Collection name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe(NO_COLLECTION_NAME);

    fireEvent.change(name, { target: { value: '  Riverside ' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: new RegExp(`^Plot ${PARIS[5]} `) }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create collection' }));
    expect(await within(form).findByText(NO_LAND_SELECTED)).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    fireEvent.click(within(form).getByRole('checkbox', { name: new RegExp(`^Plot ${PARIS[5]} `) }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create collection' }));
    expect(await screen.findByText('The collection Riverside was made with 1 plot.')).toBeTruthy();
    expect(posts(calls)).toEqual([['/api/collection/create_and_move', { name: 'Riverside', lands: [PARIS[5]] }]]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server’s refusal inside the dialog', async () => {
    renderPage(
      demo({ write: () => json(409, { error: true, code: 'CONFLICT', msg: 'These plots are not yours: 1.' }) }),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create collection' }));
    const form = await dialog('Create collection');
    fireEvent.change(within(form).getByLabelText('Collection name'), { target: { value: 'Mine' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create collection' }));
    expect(await within(form).findByText('These plots are not yours: 1.')).toBeTruthy();
  });

  it('returns focus to the button that opened a dialog when it is cancelled', async () => {
    renderPage(demo());
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    const opener = screen.getByRole('button', { name: 'Create collection' });
    opener.focus();
    fireEvent.click(opener);
    const form = await dialog('Create collection');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('adds marked plots to a collection: a destination is required, then POST add_lands', async () => {
    const { calls } = renderPage(
      demo({ targets: [MONTMARTRE, LEFT_BANK], write: () => changed('2 plots were moved into the collection.', 2) }),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to collection' }));
    const form = await dialog('Add to collection');
    const to = await within(form).findByLabelText('Add to');
    expect(
      within(to)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a collection', 'Montmartre (2 plots)', 'Left Bank (3 plots)']);
    fireEvent.click(within(form).getByRole('button', { name: 'Add to collection' }));
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(to.getAttribute('aria-describedby')!)!.textContent).toBe(NO_COLLECTION_SELECTED);
    expect(routeOf(calls.find((c) => c.url.includes('/api/collections/items'))!)).toBe('/api/collections/items');

    fireEvent.change(to, { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to collection' }));
    expect(await screen.findByText('2 plots were moved into the collection.')).toBeTruthy();
    expect(posts(calls)).toEqual([['/api/collections/add_lands', { collection_id: 2, items: [PARIS[5], PARIS[6]] }]]);
  });

  it('says when no collection can take plots (all minting or minted)', async () => {
    renderPage(demo({ collections: [MINTED], targets: [] }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to collection' }));
    const form = await dialog('Add to collection');
    expect((await within(form).findByTestId('no-move-target')).textContent).toMatch(/create a collection instead/);
  });

  it('moves a plot between collections: targets leave out its own collection, POST move_land', async () => {
    const { calls } = renderPage(
      demo({ targets: [LEFT_BANK], write: () => changed('1 plot was moved into the collection.', 1) }),
    );
    const montmartre = await card('Montmartre');
    fireEvent.click(within(montmartre).getByRole('button', { name: 'Show plots of Montmartre' }));
    const move = await within(montmartre).findByRole('button', { name: 'Move plots of Montmartre' });
    expect((move as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(montmartre).getByRole('checkbox', { name: `Select Plot ${PARIS[3]}` }));
    fireEvent.click(move);
    const form = await dialog('Move plots');
    const to = await within(form).findByLabelText('Move to');
    expect(calls.map(routeOf)).toContain('/api/collections/items?except=2');
    expect(
      within(to)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a collection', 'Left Bank (3 plots)', 'Individual plots (no collection)']);
    fireEvent.change(to, { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Move plots' }));
    expect(await screen.findByText('1 plot was moved into the collection.')).toBeTruthy();
    expect(posts(calls)).toEqual([
      ['/api/collections/move_land', { type: 'collection', collection_id: 1, lands: [PARIS[3]] }],
    ]);
  });

  it('moves a plot out of its collection to the individual plots', async () => {
    const { calls } = renderPage(demo({ write: () => changed('1 plot was moved out of their collections.') }));
    const left = await card('Left Bank');
    fireEvent.click(within(left).getByRole('button', { name: 'Show plots of Left Bank' }));
    fireEvent.click(await within(left).findByRole('checkbox', { name: `Select Plot ${PARIS[0]}` }));
    fireEvent.click(within(left).getByRole('button', { name: 'Move plots of Left Bank' }));
    const form = await dialog('Move plots');
    fireEvent.change(await within(form).findByLabelText('Move to'), { target: { value: 'individual' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Move plots' }));
    await screen.findByText('1 plot was moved out of their collections.');
    expect(posts(calls)).toEqual([['/api/collections/move_land', { type: 'individual', lands: [PARIS[0]] }]]);
  });

  it('offers no move in a minting or minted collection, and says why', async () => {
    renderPage(demo({ collections: [MINTED] }));
    const harbour = await card('Harbour');
    fireEvent.click(within(harbour).getByRole('button', { name: 'Show plots of Harbour' }));
    await within(harbour).findAllByTestId('plot-row');
    expect(within(harbour).getByText(/Harbour is minting or minted: its land cannot change/)).toBeTruthy();
    expect(within(harbour).queryByRole('checkbox')).toBeNull();
    expect(within(harbour).queryByRole('button', { name: /Move plots/ })).toBeNull();
  });

  it('renames a collection with POST setname', async () => {
    const { calls } = renderPage(demo({ write: () => changed('The collection is now called Rive Gauche.', 1) }));
    fireEvent.click(within(await card('Left Bank')).getByRole('button', { name: 'Rename Left Bank' }));
    const form = await dialog('Rename collection');
    const name = within(form).getByLabelText('Collection name') as HTMLInputElement;
    expect(name.value).toBe('Left Bank');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Rename' }));
    expect(await within(form).findByText(NO_COLLECTION_NAME)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Rive Gauche' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Rename' }));
    await screen.findByText('The collection is now called Rive Gauche.');
    expect(posts(calls)).toEqual([['/api/collections/setname', { id: 1, name: 'Rive Gauche' }]]);
  });

  it('links each collection to its detail and the management page', async () => {
    renderPage(demo());
    expect(
      within(await card('Left Bank'))
        .getByRole('link', { name: 'Open Left Bank' })
        .getAttribute('href'),
    ).toBe('/assets/collection?key=1');
    expect(screen.getByRole('link', { name: 'Manage collections' }).getAttribute('href')).toBe('/assets/collections');
  });

  it('says so when the player owns no land, pointing at the map', async () => {
    renderPage(demo({ collections: [], individual: [] }));
    expect(await screen.findByText('You own no land yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'the map' }).getAttribute('href')).toBe('#land-map');
    expect(screen.getByRole('region', { name: "Map of the world's land" })).toBeTruthy();
  });

  it('shows the server’s sentence when the land cannot be read, and lands on the page from a detail', async () => {
    mockFetch(() => json(503, { error: true, code: 'UNAVAILABLE', msg: 'The land service is resting.' }));
    renderRoutes([page('/assets', <MyLandPage />)], '/assets?redirected=detail');
    expect(await screen.findByText('Your land could not be loaded')).toBeTruthy();
    expect(screen.getByText('The land service is resting.')).toBeTruthy();
  });
});
