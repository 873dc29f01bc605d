import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { PARIS, plot, routeOf } from '../../../test/land-fixtures.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import PublicCollectionPage from './public-collection-page.tsx';

vi.mock('../map/land-map-panel.tsx', () => ({
  default: (props: { label: string; mode: string; focusCells?: readonly number[] }) => (
    <section aria-label={props.label} data-mode={props.mode} data-focus={props.focusCells?.join(',')} />
  ),
}));

afterEach(() => vi.unstubAllGlobals());

const detail = {
  error: false,
  data: [plot(PARIS[0]!, { collection: 5 }), plot(PARIS[1]!, { collection: 5 })],
  info: { name: 'Left Bank', owner: 'pilot', total: 2, state: 2 },
};

describe('collection detail, read-only (/collection/:id)', () => {
  it('reads the id from the route, signed out: heading, owner, plots and the map in view mode', async () => {
    const { calls } = mockFetch((call) =>
      routeOf(call) === '/api/collection/detail?uriid=5'
        ? json(200, detail)
        : json(404, { error: true, code: 'NOT_FOUND', msg: 'There is no such collection.' }),
    );
    renderRoutes([page('/collection/:id', <PublicCollectionPage />)], '/collection/5');
    expect(await screen.findByRole('heading', { name: 'Land in the collection: Left Bank', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('collection-owner').textContent).toBe('Owner: pilot · 2 plots · Minted as an NFT.');
    const rows = screen.getAllByTestId('plot-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      `Plot ${PARIS[0]}`,
      `Plot ${PARIS[1]}`,
    ]);
    expect(screen.queryByRole('checkbox')).toBeNull();
    const map = await screen.findByRole('region', { name: 'Map of Left Bank' });
    expect(map.getAttribute('data-mode')).toBe('view');
    expect(map.getAttribute('data-focus')).toBe(`${PARIS[0]},${PARIS[1]}`);
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });

  it('shows the server’s sentence for an unknown collection', async () => {
    mockFetch(() => json(404, { error: true, code: 'NOT_FOUND', msg: 'There is no such collection.' }));
    renderRoutes([page('/collection/:id', <PublicCollectionPage />)], '/collection/99');
    expect(await screen.findByText('There is no such collection.')).toBeTruthy();
  });
});
