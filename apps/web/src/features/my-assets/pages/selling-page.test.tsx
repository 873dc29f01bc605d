import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorOf, fieldLabelled } from '../../../test/field-errors.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import {
  listingAnswer,
  listingsPage,
  myListing,
  pathOf,
  proceedsPage,
  queryOf,
} from '../../../test/my-assets-fixtures.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import SellingPage from './selling-page.tsx';

const WAIT = { timeout: 30_000 };
const HELD_MSG = 'A buyer’s checkout holds this listing until Nov 26, 2026, 6:15 PM: it cannot be changed now.';

const shipListing = myListing('L1', { expires_at: '2026-12-01T10:00:00.000Z' });
const dncListing = myListing('L2', {
  kind: 'dnc',
  name: 'DNC',
  dnc_amount: 250,
  price: 40,
  price_micro: '40000000',
  fee_micro: '2000000',
  net_micro: '38000000',
});
const heldListing = myListing('L3', { status: 'reserved', reserved_until: '2026-11-26T18:15:00.000Z' });

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');
const listReads = (calls: Call[]) => calls.filter((c) => pathOf(c.url) === '/api/my/listings');

function renderPage(o: { path?: string; write?: (call: Call) => Response; listings?: () => unknown[] } = {}) {
  const mock = mockFetch((call) => {
    if (call.method !== 'GET') return o.write ? o.write(call) : json(200, listingAnswer('Done.'));
    if (pathOf(call.url) === '/api/my/proceeds')
      return json(
        200,
        proceedsPage(
          [
            {
              listing_id: 'P1',
              name: 'Star Wren',
              kind: 'ship',
              dnc_amount: null,
              price_micro: '200000000',
              fee_micro: '10000000',
              net_micro: '190000000',
              sold_at: '2026-11-10T09:00:00.000Z',
            },
          ],
          '190000000',
          '10000000',
        ),
      );
    const status = queryOf(call.url).status;
    if (status === 'sold')
      return json(200, listingsPage([myListing('S1', { status: 'sold', sold_at: '2026-11-10T09:00:00.000Z' })]));
    return json(200, listingsPage(o.listings ? o.listings() : [shipListing, dncListing, heldListing]));
  });
  const view = renderRoutes(
    [page('/my-assets/spaceships-selling', <SellingPage />)],
    o.path ?? '/my-assets/spaceships-selling',
  );
  return { ...mock, ...view };
}

const rows = () => screen.getAllByTestId('listing-row');
const rowOf = (index: number) => rows()[index]!;

beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(() => vi.unstubAllGlobals());

describe('Selling: active listings', { timeout: 60_000 }, () => {
  it('lists ships and DNC with price, fee and net; a held listing says until when and cannot be changed', async () => {
    const { calls } = renderPage();
    await screen.findAllByTestId('listing-row', undefined, WAIT);
    expect(queryOf(listReads(calls)[0]!.url)).toEqual({ status: 'active', page: '1', limit: '20' });
    expect(rows().map((r) => within(r).getByTestId('listing-name').textContent)).toEqual([
      'Vega Corsair L1',
      '250 DNC',
      'Vega Corsair L3',
    ]);
    expect(rowOf(1).textContent).toContain('$40.000');
    expect(rowOf(1).textContent).toContain('$2.000');
    expect(rowOf(1).textContent).toContain('$38.000');
    expect(rowOf(0).textContent).not.toContain('No expiry');
    expect(rowOf(1).textContent).toContain('No expiry');
    expect(within(rowOf(2)).getByTestId('listing-status').textContent).toMatch(/^Held by a buyer's checkout until /);
    const change = within(rowOf(2)).getByRole('button', { name: 'Change price' }) as HTMLButtonElement;
    const cancel = within(rowOf(2)).getByRole('button', { name: 'Cancel listing' }) as HTMLButtonElement;
    expect([change.disabled, cancel.disabled]).toEqual([true, true]);
    expect(document.getElementById(change.getAttribute('aria-describedby')!)?.textContent).toContain(
      'A buyer is paying for it',
    );
    expect((within(rowOf(0)).getByRole('button', { name: 'Change price' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('changes a price after the preview, and shows the API’s sentence', async () => {
    let changed = false;
    const { calls } = renderPage({
      write: () => {
        changed = true;
        return json(200, listingAnswer('The price of Vega Corsair L1 is now $30.000.'));
      },
      listings: () => [changed ? myListing('L1', { price: 30, price_micro: '30000000' }) : shipListing],
    });
    await screen.findAllByTestId('listing-row', undefined, WAIT);
    const opener = within(rowOf(0)).getByRole('button', { name: 'Change price' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Change price' });
    expect(dialog.textContent).toContain('Vega Corsair L1 is listed at $100.000.');
    fireEvent.change(fieldLabelled('New price (USD)'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change price' }));
    await waitFor(() => expect(errorOf(fieldLabelled('New price (USD)'))).toBe('The price cannot be 0.'));
    expect(writes(calls)).toHaveLength(0);

    fireEvent.change(fieldLabelled('New price (USD)'), { target: { value: '30' } });
    expect(within(dialog).getByTestId('fee-preview').textContent).toBe(
      'Marketplace fee (5%): $1.500 · You receive: $28.500',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change price' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(writes(calls).map((c) => [c.method, pathOf(c.url), c.body])).toEqual([
      ['PATCH', '/api/marketplace/listing/L1', { price: '30' }],
    ]);
    expect(screen.getByRole('status').textContent).toContain('The price of Vega Corsair L1 is now $30.000.');
    await waitFor(() => expect(within(rowOf(0)).getByTestId('listing-price').textContent).toBe('$30.000'), WAIT);
  });

  it('a listing a buyer’s checkout took meanwhile: the 409 sentence in the dialog, and the list read again', async () => {
    let held = false;
    const { calls } = renderPage({
      write: () => {
        held = true;
        return json(409, { error: true, code: 'CONFLICT', msg: HELD_MSG });
      },
      listings: () => [
        held ? { ...shipListing, status: 'reserved', reserved_until: '2026-11-26T18:15:00.000Z' } : shipListing,
      ],
    });
    await screen.findAllByTestId('listing-row', undefined, WAIT);
    fireEvent.click(within(rowOf(0)).getByRole('button', { name: 'Change price' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change price' });
    fireEvent.change(fieldLabelled('New price (USD)'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change price' }));
    const alert = await within(dialog).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toBe(HELD_MSG);
    await waitFor(() => expect(listReads(calls).length).toBeGreaterThan(1), WAIT);
    await waitFor(
      () => expect(within(rowOf(0)).getByTestId('listing-status').textContent).toMatch(/^Held by a buyer's checkout/),
      WAIT,
    );
  });

  it('cancels after a confirmation that says where the item goes', async () => {
    const { calls } = renderPage({
      write: () => json(200, listingAnswer('Your listing of 250 DNC is cancelled: the DNC is back in your balance.')),
    });
    await screen.findAllByTestId('listing-row', undefined, WAIT);
    fireEvent.click(within(rowOf(0)).getByRole('button', { name: 'Cancel listing' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel listing' });
    expect(dialog.textContent).toContain('The ship goes back to your hangar');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep listing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(rowOf(1)).getByRole('button', { name: 'Cancel listing' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel listing' });
    expect(dialog.textContent).toContain('Take 250 DNC off the marketplace? The DNC goes back to your balance.');
    expect(writes(calls)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel listing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(writes(calls).map((c) => [c.method, pathOf(c.url)])).toEqual([
      ['POST', '/api/marketplace/listing/L2/cancel'],
    ]);
    expect(screen.getByRole('status').textContent).toContain('the DNC is back in your balance.');
  });

  it('a cancel refused with a 409 shows the sentence and keeps the listing', async () => {
    renderPage({ write: () => json(409, { error: true, code: 'CONFLICT', msg: HELD_MSG }) });
    await screen.findAllByTestId('listing-row', undefined, WAIT);
    fireEvent.click(within(rowOf(0)).getByRole('button', { name: 'Cancel listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel listing' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel listing' }));
    const alert = await within(dialog).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toContain(HELD_MSG);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows()).toHaveLength(3);
  });
});

describe('Selling: sold and proceeds', { timeout: 60_000 }, () => {
  it('the Sold view asks for sold listings and offers no actions', async () => {
    const { calls } = renderPage({ path: '/my-assets/spaceships-selling?view=sold' });
    await screen.findAllByTestId('listing-row', undefined, WAIT);
    expect(queryOf(listReads(calls)[0]!.url).status).toBe('sold');
    expect(within(rowOf(0)).getByTestId('listing-status').textContent).toMatch(/^Sold /);
    expect(within(rowOf(0)).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Sold' }).getAttribute('aria-current')).toBe('page');
  });

  it('the Proceeds view shows the total received and each sale’s price, fee and net', async () => {
    renderPage({ path: '/my-assets/spaceships-selling?view=proceeds' });
    expect((await screen.findByTestId('proceeds-total', undefined, WAIT)).textContent).toBe('$190.000');
    const [row] = screen.getAllByTestId('proceeds-row');
    expect(row!.textContent).toContain('Star Wren');
    expect(row!.textContent).toContain('$200.000');
    expect(row!.textContent).toContain('$10.000');
    expect(within(row!).getByTestId('proceeds-net').textContent).toBe('$190.000');
  });
});
