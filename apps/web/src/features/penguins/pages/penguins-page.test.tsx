import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { assetsPage, pathOf, queryOf, ship } from '../../../test/my-assets-fixtures.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import PenguinsPage from './penguins-page.tsx';

const WAIT = { timeout: 30_000 };

const penguin = (id: string, spaceship: unknown = null, accrued = 0) => ({
  _id: id,
  name: `Cadet Pip #${id}`,
  image: `/images/v1/penguin/0-${id}`,
  rarity: 0,
  rarity_name: 'Common',
  boost_percent: 100,
  daily_dnc: 100,
  spaceship,
  accrued_dnc: accrued,
});
const onPenguin = { _id: '12', assigned_at: '2026-11-20T00:00:00.000Z', item: { image: '/images/v1/ship/0-1-12', name: 'Nova Lancer 12', element: 0, rarity: 1 } };
const mine = (collected = false) => ({
  error: false,
  data: [penguin('1'), penguin('2', onPenguin, 300)],
  rate_per_day: 100,
  accrued_total: 300,
  collected_today: collected,
  next_collect_at: collected ? '2026-11-27T00:00:00.000Z' : null,
});

function renderPage(write: (call: Call) => Response = () => json(200, { error: false, msg: 'Done.' })) {
  const mock = mockFetch((call) => {
    if (call.method !== 'GET') return write(call);
    if (pathOf(call.url) === '/api/my/assets')
      return json(200, { ...assetsPage([ship('11'), ship('12', { state: 'penguin' }), ship('13', { state: 'listed' })], 14, 1), limit: 6 });
    return json(200, mine());
  });
  return { ...mock, ...renderRoutes([page('/my/penguins', <PenguinsPage />)], '/my/penguins') };
}

beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(() => vi.unstubAllGlobals());

describe('Penguins page', { timeout: 60_000 }, () => {
  it('lists the penguins with their ships and accrued DNC, and offers the wallet link to a player without one', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('penguin-row', undefined, WAIT);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('penguin-ship').textContent).toBe('None');
    expect(within(rows[1]!).getByTestId('penguin-ship').textContent).toContain('Nova Lancer 12');
    expect(within(rows[1]!).getByTestId('penguin-accrued').textContent).toBe('300');
    expect(screen.getByTestId('penguins-accrued-total').textContent).toBe('300 DNC');
    expect(screen.getByRole('link', { name: 'CONNECT YOUR WALLET' }).getAttribute('href')).toBe('/connect_wallet');
  });

  it('Select spaceship: 6 a page, Select only on free ships, assigns with the spec’s fields', async () => {
    const { calls } = renderPage(() => json(200, { error: false, msg: 'Spaceship assigned to your penguin.', peguin: penguin('1') }));
    const rows = await screen.findAllByTestId('penguin-row', undefined, WAIT);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Assign spaceship to Cadet Pip #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select spaceship' }, WAIT);
    const ships = await within(dialog).findAllByTestId('select-ship-row', undefined, WAIT);
    expect(queryOf(calls.find((c) => pathOf(c.url) === '/api/my/assets')!.url)).toMatchObject({ kind: 'ship', limit: '6', page: '1' });
    expect(ships.map((r) => within(r).queryByRole('button', { name: /^Select/ }) !== null)).toEqual([true, false, false]);
    expect(ships[1]!.textContent).toContain('On Cadet Pip #2');
    expect(ships[2]!.textContent).toContain('Listed for sale');
    expect(within(dialog).getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    fireEvent.click(within(ships[0]!).getByRole('button', { name: 'Select Nova Lancer 11' }));
    await screen.findByText('Spaceship assigned to your penguin.', undefined, WAIT);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(pathOf(post.url)).toBe('/api/my/peguins/assign');
    expect(post.body).toEqual({ spaceship: '11', peguin: '1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
  });

  it('Remove sends DELETE with the penguin’s id; a refusal shows the server’s sentence', async () => {
    const { calls } = renderPage(() => json(409, { error: true, code: 'CONFLICT', msg: 'This penguin holds no ship.' }));
    const rows = await screen.findAllByTestId('penguin-row', undefined, WAIT);
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Remove Nova Lancer 12 from Cadet Pip #2' }));
    await screen.findByText('This penguin holds no ship.', undefined, WAIT);
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(pathOf(del.url)).toBe('/api/my/peguins/assign/2');
  });
});
