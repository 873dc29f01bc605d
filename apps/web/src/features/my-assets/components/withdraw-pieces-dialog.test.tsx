import { MINT_NEEDS_WALLET, MINT_QUEUED } from '@starport/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorOf, fieldLabelled } from '../../../test/field-errors.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { assetsPage, pathOf, ship, unitPieces } from '../../../test/my-assets-fixtures.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import MySpaceshipsPage from '../pages/my-spaceships-page.tsx';

const WAIT = { timeout: 30_000 };
const owned = [ship('1'), unitPieces('30', 3)];
const withdrawals = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && pathOf(c.url) === '/api/units/withdraw');

const queued = {
  error: false,
  msg: MINT_QUEUED,
  withdrawal: { id: 1, apartment: 30, unit_type: 2, pieces: 2, status: 'minting', txid: null, tx_url: null, failure: null, created_at: '2026-11-27T00:00:00.000Z' },
};

function renderPage(post: (call: Call) => Response = () => json(200, queued)) {
  const mock = mockFetch((call) => (call.method === 'POST' ? post(call) : json(200, assetsPage(owned))));
  renderRoutes([page('/my-assets/spaceships', <MySpaceshipsPage renderFilters={() => null} />)], '/my-assets/spaceships');
  return mock;
}

async function openDialog() {
  const cards = await screen.findAllByTestId('asset-card', undefined, WAIT);
  const unit = cards.find((c) => within(c).queryByRole('heading', { name: 'Apart 30' }))!;
  const opener = within(unit).getByRole('button', { name: 'Withdraw to wallet' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: await screen.findByRole('dialog', { name: 'Withdraw to wallet' }) };
}

beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(() => vi.unstubAllGlobals());

describe('My spaceships: Withdraw to wallet (unit pieces)', { timeout: 60_000 }, () => {
  it('a ship has no such action; a number outside 1..owned is refused on the field and posts nothing', async () => {
    const { calls } = renderPage();
    const cards = await screen.findAllByTestId('asset-card', undefined, WAIT);
    expect(within(cards[0]!).queryByRole('button', { name: 'Withdraw to wallet' })).toBeNull();
    const { dialog } = await openDialog();
    const field = fieldLabelled('Pieces to withdraw');
    expect(field.value).toBe('3');
    for (const bad of ['4', '0', '1.5', 'two']) {
      fireEvent.change(field, { target: { value: bad } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
      await waitFor(() => expect(errorOf(field)).toBe('Enter a whole number of pieces from 1 to 3.'));
      expect(document.activeElement).toBe(field);
    }
    expect(withdrawals(calls)).toHaveLength(0);
  });

  it('posts the apartment and the pieces, says the task is queued, and gives focus back to the button', async () => {
    const { calls } = renderPage();
    const { opener, dialog } = await openDialog();
    fireEvent.change(fieldLabelled('Pieces to withdraw'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(withdrawals(calls).map((c) => c.body)).toEqual([{ apartment: 30, pieces: 2 }]);
    expect(screen.getByRole('status').textContent).toContain(MINT_QUEUED);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('shows the server’s refusals: more than held on the field, no wallet above the form', async () => {
    let answer = json(409, { error: true, code: 'CONFLICT', msg: 'You hold 1 piece of Apart 30: withdraw at most that many.' });
    renderPage(() => answer);
    const { dialog } = await openDialog();
    const field = fieldLabelled('Pieces to withdraw');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(errorOf(field)).toBe('You hold 1 piece of Apart 30: withdraw at most that many.'), WAIT);

    answer = json(400, { error: true, code: 'BAD_REQUEST', msg: MINT_NEEDS_WALLET });
    fireEvent.change(field, { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(MINT_NEEDS_WALLET), WAIT);
    expect(errorOf(field)).toBeNull();
  });
});
