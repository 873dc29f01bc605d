import { NO_COLLECTION_NAME } from '@starport/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { changed, collection, collectionsAnswer, routeOf } from '../../../test/land-fixtures.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import LandCollectionsPage from './land-collections-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderPage(list: unknown[], write: (call: Call) => Response = () => changed('Done.')) {
  const mock = mockFetch((call) => (call.method === 'POST' ? write(call) : json(200, collectionsAnswer(list))));
  return { ...mock, ...renderRoutes([page('/assets/collections', <LandCollectionsPage />)], '/assets/collections') };
}

const row = async (name: string) =>
  (await screen.findAllByTestId('collection-row')).find((r) => within(r).queryByRole('link', { name }))!;
/** The changes posted (a minting collection's state polls are reads, sent as POSTs by the spec). */
const posts = (calls: Call[]) =>
  calls.filter((c) => c.method === 'POST' && routeOf(c) !== '/api/minting/request/mint_status').map((c) => [routeOf(c), c.body]);

describe('Land Collections (/assets/collections)', () => {
  it('lists each collection with its total and a link to its detail', async () => {
    renderPage([collection(2, 'Montmartre', 2), collection(1, 'Left Bank', 3)]);
    expect(await screen.findByRole('heading', { name: 'Land Collections', level: 1 })).toBeTruthy();
    const left = await row('Left Bank');
    expect(within(left).getByRole('link', { name: 'Left Bank' }).getAttribute('href')).toBe('/assets/collection?key=1');
    expect(within(left).getByTestId('collection-total').textContent).toBe('3');
    for (const name of ['Name', 'Plots', 'NFT']) expect(screen.getByRole('columnheader', { name })).toBeTruthy();
  });

  it('deletes only an empty collection, and says why Delete is off otherwise', async () => {
    const { calls } = renderPage(
      [collection(1, 'Left Bank', 3), collection(3, 'Spare', 0), collection(4, 'Harbour', 0, 1)],
      () => changed('The collection was deleted.', 3),
    );
    const full = within(await row('Left Bank')).getByRole('button', { name: 'Delete Left Bank' }) as HTMLButtonElement;
    expect(full.disabled).toBe(true);
    expect(document.getElementById(full.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Only an empty collection can be deleted: move its plots out first.',
    );
    const minting = within(await row('Harbour')).getByRole('button', { name: 'Delete Harbour' }) as HTMLButtonElement;
    expect(minting.disabled).toBe(true);
    expect(document.getElementById(minting.getAttribute('aria-describedby')!)!.textContent).toBe(
      'A minting or minted collection cannot be deleted.',
    );

    const empty = within(await row('Spare')).getByRole('button', { name: 'Delete Spare' }) as HTMLButtonElement;
    expect(empty.disabled).toBe(false);
    fireEvent.click(empty);
    expect(await screen.findByText('The collection was deleted.')).toBeTruthy();
    expect(posts(calls)).toEqual([['/api/collections/remove', { id: 3 }]]);
  });

  it('creates an empty collection: the name is required', async () => {
    const { calls } = renderPage([], () => changed('The collection Riverside was made.', 9));
    expect(await screen.findByTestId('collections-empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create collection' }));
    const form = await screen.findByRole('dialog', { name: 'Create collection' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create collection' }));
    const name = within(form).getByLabelText('Collection name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe(NO_COLLECTION_NAME);
    fireEvent.change(name, { target: { value: 'Riverside' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create collection' }));
    expect(await screen.findByText('The collection Riverside was made.')).toBeTruthy();
    expect(posts(calls)).toEqual([['/api/collection/create_and_move', { name: 'Riverside' }]]);
  });

  it('renames with POST setname and shows a refused delete’s sentence', async () => {
    const { calls } = renderPage([collection(1, 'Left Bank', 3), collection(3, 'Spare', 0)], (call) =>
      routeOf(call) === '/api/collections/remove'
        ? json(409, {
            error: true,
            code: 'CONFLICT',
            msg: 'Only an empty collection can be deleted: move its plots out first.',
          })
        : changed('The collection is now called Rive Gauche.', 1),
    );
    fireEvent.click(within(await row('Left Bank')).getByRole('button', { name: 'Rename Left Bank' }));
    const form = await screen.findByRole('dialog', { name: 'Rename collection' });
    fireEvent.change(within(form).getByLabelText('Collection name'), { target: { value: 'Rive Gauche' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('The collection is now called Rive Gauche.')).toBeTruthy();
    fireEvent.click(within(await row('Spare')).getByRole('button', { name: 'Delete Spare' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Only an empty collection can be deleted');
    expect(posts(calls).map(([path]) => path)).toEqual(['/api/collections/setname', '/api/collections/remove']);
  });

  it('shows the server’s sentence when the list cannot be read', async () => {
    mockFetch(() => json(500, { error: true, code: 'INTERNAL', msg: 'Something went wrong. Please try again later.' }));
    renderRoutes([page('/assets/collections', <LandCollectionsPage />)], '/assets/collections');
    expect(await screen.findByText('Your collections could not be loaded')).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please try again later.')).toBeTruthy();
  });
});
