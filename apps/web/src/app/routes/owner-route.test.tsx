import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldLabelled } from '../../test/field-errors.ts';
import { json, mockFetch } from '../../test/fetch-mock.ts';
import { dncInfo, listingAnswer, pathOf } from '../../test/my-assets-fixtures.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import OwnerRoute from './owner-route.tsx';

const WAIT = { timeout: 30_000 };
const LISTED_MSG = '200 DNC are listed for $50.000.';
const referrals = { error: false, data: [], total: 0, page: 1, limit: 20, code: null, received: 0, received_micro: '0', orders: 0, share_bps: 500 };

function renderOwner(balance: number) {
  const mock = mockFetch((call) => {
    if (call.method === 'POST' && pathOf(call.url) === '/api/marketplace/listing_dnc') return json(200, listingAnswer(LISTED_MSG));
    if (pathOf(call.url) === '/api/marketplace/dnc/listing') return json(200, dncInfo(balance));
    if (pathOf(call.url) === '/api/my/ref') return json(200, referrals);
    return json(404, { error: true, code: 'NOT_FOUND', msg: 'No such page.' });
  });
  renderRoutes([page('/dashboard', <OwnerRoute />)], '/dashboard');
  return mock;
}

afterEach(() => vi.unstubAllGlobals());

describe('the owner page’s DNC for sale (spec §2.2), composed from My Assets', { timeout: 60_000 }, () => {
  it('lists DNC from the owner page, says so with a link to the listings, and gives focus back to Sell DNC', async () => {
    const { calls } = renderOwner(500);
    const open = await screen.findByRole('button', { name: 'Sell DNC' }, WAIT);
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'List DNC for sale' }, WAIT);
    await waitFor(() => expect(dialog.textContent).toContain('You have 500 DNC free to list'), WAIT);
    fireEvent.change(fieldLabelled('DNC to sell'), { target: { value: '200' } });
    fireEvent.change(fieldLabelled('Price for the lot (USD)'), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'List DNC' }));
    await screen.findByText(LISTED_MSG, { exact: false }, WAIT);
    expect(screen.getByRole('link', { name: 'See your DNC on sale' }).getAttribute('href')).toBe('/my-assets/dnc-listing');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    await waitFor(() => expect(document.activeElement).toBe(open), WAIT);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ dnc: 200, price: '50' });
  });

  it('says there is nothing to sell when the balance is 0, and posts nothing', async () => {
    const { calls } = renderOwner(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Sell DNC' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'List DNC for sale' }, WAIT);
    await waitFor(() => expect(within(dialog).getByTestId('dnc-free-to-list').textContent).toMatch(/^You have no DNC free to list/), WAIT);
    expect((within(dialog).getByRole('button', { name: 'List DNC' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
