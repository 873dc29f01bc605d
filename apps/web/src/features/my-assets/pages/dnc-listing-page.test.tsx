import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorOf, fieldLabelled } from '../../../test/field-errors.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { dncInfo, listingAnswer, listingsPage, myListing, pathOf } from '../../../test/my-assets-fixtures.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import DncListingPage from './dnc-listing-page.tsx';

const WAIT = { timeout: 30_000 };
const LISTED_MSG = '200 DNC are listed for $50.000.';
const dncLot = myListing('D1', { kind: 'dnc', name: 'DNC', dnc_amount: 300, price: 60, price_micro: '60000000' });

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

function renderPage(o: { balance?: number; post?: () => Response } = {}) {
  let balance = o.balance ?? 500;
  const mock = mockFetch((call) => {
    if (call.method === 'POST') {
      const answer = o.post ? o.post() : json(200, listingAnswer(LISTED_MSG));
      if (answer.ok) balance -= (call.body as { dnc: number }).dnc;
      return answer;
    }
    if (pathOf(call.url) === '/api/marketplace/dnc/listing') return json(200, dncInfo(balance, 300));
    // The server keeps to one kind when asked: the page asks for DNC lots only.
    const kind = new URL(call.url, 'http://starport.test').searchParams.get('kind');
    return json(200, listingsPage(kind === 'dnc' ? [dncLot] : [dncLot, myListing('S1')]));
  });
  renderRoutes([page('/my-assets/dnc-listing', <DncListingPage />)], '/my-assets/dnc-listing');
  return mock;
}

async function openDialog() {
  const open = await screen.findByRole('button', { name: 'List DNC for sale' }, WAIT);
  await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(open);
  return screen.findByRole('dialog', { name: 'List DNC for sale' });
}

const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'List DNC' }));

afterEach(() => vi.unstubAllGlobals());

describe('DNC listing', { timeout: 60_000 }, () => {
  it('shows the balance, the DNC in escrow and only the DNC listings', async () => {
    const { calls } = renderPage();
    expect((await screen.findByTestId('dnc-balance', undefined, WAIT)).textContent).toBe('500 DNC');
    expect(screen.getByTestId('dnc-listed').textContent).toBe('300 DNC');
    const rows = await screen.findAllByTestId('listing-row', undefined, WAIT);
    expect(rows.map((r) => within(r).getByTestId('listing-name').textContent)).toEqual(['300 DNC']);
    expect(calls.some((c) => pathOf(c.url) === '/api/my/listings' && c.url.includes('kind=dnc'))).toBe(true);
  });

  it('refuses more DNC than the balance with the spec’s sentence, and posts nothing', async () => {
    const { calls } = renderPage();
    const dialog = await openDialog();
    fireEvent.change(fieldLabelled('DNC to sell'), { target: { value: '501' } });
    fireEvent.change(fieldLabelled('Price for the lot (USD)'), { target: { value: '50' } });
    submit(dialog);
    await waitFor(() =>
      expect(errorOf(fieldLabelled('DNC to sell'))).toBe('Please enter total DNC to sell less than 500'),
    );
    expect(errorOf(fieldLabelled('Price for the lot (USD)'))).toBeNull();
    expect(posts(calls)).toHaveLength(0);
  });

  it('amount and price must both be non-zero: both fields say so at once', async () => {
    const { calls } = renderPage();
    const dialog = await openDialog();
    fireEvent.change(fieldLabelled('DNC to sell'), { target: { value: '0' } });
    fireEvent.change(fieldLabelled('Price for the lot (USD)'), { target: { value: '0' } });
    submit(dialog);
    await waitFor(() =>
      expect(errorOf(fieldLabelled('DNC to sell'))).toBe('Enter how much DNC to sell: it cannot be 0.'),
    );
    expect(errorOf(fieldLabelled('Price for the lot (USD)'))).toBe('The price cannot be 0.');
    expect(document.activeElement).toBe(fieldLabelled('DNC to sell'));
    // Editing a field clears its own error only.
    fireEvent.change(fieldLabelled('DNC to sell'), { target: { value: '2.5' } });
    expect(errorOf(fieldLabelled('DNC to sell'))).toBeNull();
    expect(errorOf(fieldLabelled('Price for the lot (USD)'))).toBe('The price cannot be 0.');
    submit(dialog);
    await waitFor(() => expect(errorOf(fieldLabelled('DNC to sell'))).toBe('DNC is sold in whole units.'));
    expect(posts(calls)).toHaveLength(0);
  });

  it('lists the whole balance at a price for the lot, with the fee previewed, and shows the API’s sentence', async () => {
    const { calls } = renderPage();
    const dialog = await openDialog();
    fireEvent.change(fieldLabelled('DNC to sell'), { target: { value: '500' } });
    fireEvent.change(fieldLabelled('Price for the lot (USD)'), { target: { value: '50' } });
    expect(within(dialog).getByTestId('fee-preview').textContent).toBe(
      'Marketplace fee (5%): $2.500 · You receive: $47.500',
    );
    fireEvent.change(within(dialog).getByLabelText('Listing ends'), { target: { value: '30' } });
    submit(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(posts(calls).map((c) => [pathOf(c.url), c.body])).toEqual([
      ['/api/marketplace/listing_dnc', { dnc: 500, price: '50', expires_in_days: 30 }],
    ]);
    expect(screen.getByRole('status').textContent).toContain(LISTED_MSG);
    await waitFor(() => expect(screen.getByTestId('dnc-balance').textContent).toBe('0 DNC'), WAIT);
  });

  it('the server’s own refusal of the amount goes on the amount field', async () => {
    const msg = 'Please enter total DNC to sell less than 120';
    renderPage({ post: () => json(400, { error: true, code: 'BAD_REQUEST', msg }) });
    const dialog = await openDialog();
    fireEvent.change(fieldLabelled('DNC to sell'), { target: { value: '200' } });
    fireEvent.change(fieldLabelled('Price for the lot (USD)'), { target: { value: '50' } });
    submit(dialog);
    await waitFor(() => expect(errorOf(fieldLabelled('DNC to sell'))).toBe(msg), WAIT);
  });

  it('with no DNC the button is off and says why', async () => {
    renderPage({ balance: 0 });
    await screen.findByTestId('dnc-balance', undefined, WAIT);
    const open = screen.getByRole('button', { name: 'List DNC for sale' }) as HTMLButtonElement;
    expect(open.disabled).toBe(true);
    expect(document.getElementById(open.getAttribute('aria-describedby')!)?.textContent).toBe(
      'You have no DNC free to list.',
    );
  });
});
