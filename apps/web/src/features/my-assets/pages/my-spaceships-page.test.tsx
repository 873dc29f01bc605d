import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorOf, fieldLabelled } from '../../../test/field-errors.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { assetsPage, listingAnswer, pathOf, ship, unitPieces } from '../../../test/my-assets-fixtures.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import MySpaceshipsPage, { type ConvertSlot } from './my-spaceships-page.tsx';

const WAIT = { timeout: 30_000 };
const LISTED_MSG = 'Nova Lancer 1 is listed for $19.990.';

const owned = [
  ship('1'),
  ship('2', {
    state: 'listed',
    listing: { _id: 'L2', status: 'listed', price: 120.5, price_micro: '120500000', expires_at: null },
  }),
  ship('3', {
    state: 'listed',
    listing: { _id: 'L3', status: 'reserved', price: 80, price_micro: '80000000', expires_at: null },
  }),
  ship('4', { state: 'penguin' }),
  ship('5', { state: 'minted' }),
  unitPieces('7', 3),
];

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const assetReads = (calls: Call[]) => calls.filter((c) => pathOf(c.url) === '/api/my/assets');

/** The checkout's Convert to NFT stands in as a button that says what the page gave it. */
const convertSlot = vi.fn<ConvertSlot>(({ ship: { id }, convertible, onChanged }) =>
  convertible ? (
    <button type="button" data-testid={`convert-${id}`} onClick={onChanged}>
      Convert to NFT
    </button>
  ) : null,
);

function renderPage(answer: (call: Call) => Response = () => json(200, assetsPage(owned))) {
  const mock = mockFetch(answer);
  const view = renderRoutes(
    [
      page('/my-assets/spaceships', <MySpaceshipsPage renderFilters={() => null} renderConvert={convertSlot} />),
      page('*', <p>elsewhere</p>),
    ],
    '/my-assets/spaceships',
  );
  return { ...mock, ...view };
}

const cards = () => screen.getAllByTestId('asset-card');
const card = (name: string) => cards().find((c) => within(c).queryByRole('heading', { name }))!;

async function openPriceStep(name = 'Nova Lancer 1') {
  await screen.findAllByTestId('asset-card', undefined, WAIT);
  fireEvent.click(within(card(name)).getByRole('button', { name: 'List for sale' }));
  const dialog = await screen.findByRole('dialog', { name: 'List for sale' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  return screen.findByRole('dialog', { name: 'Set your price' });
}

beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(() => vi.unstubAllGlobals());

describe('My spaceships: the cards', { timeout: 60_000 }, () => {
  it('shows each ship with its state, and List for sale and Convert to NFT only on a free ship', async () => {
    renderPage();
    await screen.findAllByTestId('asset-card', undefined, WAIT);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My spaceships');
    const states = cards().map((c) => within(c).queryByTestId('asset-state')?.textContent ?? null);
    expect(states).toEqual([null, 'Listed $120.500', 'Held by a buyer', 'Assigned', 'NFT', null]);
    const listable = cards().map((c) => within(c).queryByRole('button', { name: 'List for sale' }) !== null);
    expect(listable).toEqual([true, false, false, false, false, false]);

    const first = card('Nova Lancer 1');
    expect(first.textContent).toContain('Human · Rare');
    expect(first.textContent).toContain('Health900');
    const convertible = cards().map((c) => within(c).queryByRole('button', { name: 'Convert to NFT' }) !== null);
    expect(convertible).toEqual([true, false, false, false, false, false]);
    expect(convertSlot).toHaveBeenCalledWith(expect.objectContaining({ ship: { id: '1', name: 'Nova Lancer 1' } }));
    // A unit is shown with its pieces, and has no ship actions: only Withdraw to wallet.
    const unit = card('Apart 7');
    expect(unit.textContent).toContain('3 pieces');
    expect(within(unit).queryAllByRole('button').map((b) => b.textContent)).toEqual(['Withdraw to wallet']);
  });

  it('a player who owns nothing is pointed to the Shop and the Marketplace', async () => {
    renderPage(() => json(200, assetsPage([])));
    const empty = await screen.findByTestId('my-assets-empty', undefined, WAIT);
    expect(within(empty).getByRole('link', { name: 'Visit the Shop' }).getAttribute('href')).toBe('/shop');
    expect(within(empty).getByRole('link', { name: 'Browse the Marketplace' }).getAttribute('href')).toBe('/market');
  });
});

describe('My spaceships: Convert to NFT', { timeout: 60_000 }, () => {
  const converting = (id: string, mint_status: 'lock' | 'verify_payment') =>
    ship(id, { state: 'minting', nft: { mint_status, txh: null, tx_url: null } });
  const TX_URL = 'https://sepolia.basescan.org/tx/0xabc';
  const minted = (id: string) =>
    ship(id, { state: 'minted', nft: { mint_status: 'minted', txh: '0xabc', tx_url: TX_URL } });

  it('says where each conversion is: Awaiting payment, Minting…, NFT with its transaction', async () => {
    renderPage(() => json(200, assetsPage([ship('1'), minted('5')])));
    await screen.findAllByTestId('asset-card', undefined, WAIT);
    const link = within(card('Nova Lancer 5')).getByRole('link', { name: /^View transaction/ });
    expect(link.getAttribute('href')).toBe(TX_URL);
    expect(within(card('Nova Lancer 5')).getByTestId('asset-state').textContent).toBe('NFT');
    expect(within(card('Nova Lancer 1')).queryByRole('link')).toBeNull();
  });

  it('reads the list again when the slot says the ship changed, and while it converts until it settles', async () => {
    const answers = [[ship('1')], [converting('1', 'lock')], [converting('1', 'verify_payment')], [minted('1')]];
    let reads = 0;
    const { calls } = renderPage(() => json(200, assetsPage(answers[Math.min(reads++, answers.length - 1)]!)));
    await screen.findAllByTestId('asset-card', undefined, WAIT);
    fireEvent.click(screen.getByTestId('convert-1'));
    const state = () => within(card('Nova Lancer 1')).queryByTestId('asset-state')?.textContent;
    await waitFor(() => expect(state()).toBe('Awaiting payment'), WAIT);
    // The payment the slot opened stays mounted: the slot is still asked for, as not convertible.
    expect(convertSlot).toHaveBeenLastCalledWith(expect.objectContaining({ convertible: false }));
    await waitFor(() => expect(state()).toBe('Minting…'), WAIT);
    await waitFor(() => expect(state()).toBe('NFT'), WAIT);
    // Once per state: the first read, the slot's, then the poll until the ship settled (mint-poll.test.ts: then no more).
    expect(assetReads(calls)).toHaveLength(4);
  });
});

describe('My spaceships: List for sale', { timeout: 60_000 }, () => {
  it('asks first; Not now posts nothing and gives focus back to the card’s button', async () => {
    const { calls } = renderPage();
    await screen.findAllByTestId('asset-card', undefined, WAIT);
    const opener = within(card('Nova Lancer 1')).getByRole('button', { name: 'List for sale' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'List for sale' });
    expect(dialog.textContent).toContain('While it is listed, the ship cannot be used in the game.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(posts(calls)).toHaveLength(0);
  });

  it('previews the 5% fee and the net as the price is typed', async () => {
    renderPage();
    const dialog = await openPriceStep();
    const preview = within(dialog).getByTestId('fee-preview');
    expect(preview.textContent).toBe('Enter a price to see the 5% marketplace fee and what you receive.');
    fireEvent.change(fieldLabelled('Price (USD)'), { target: { value: '100' } });
    expect(preview.textContent).toBe('Marketplace fee (5%): $5.000 · You receive: $95.000');
    // Rounded half up to the micro-unit, exactly as the server credits it.
    fireEvent.change(fieldLabelled('Price (USD)'), { target: { value: '$1,234.57' } });
    expect(preview.textContent).toBe('Marketplace fee (5%): $61.729 · You receive: $1,172.842');
  });

  it('refuses a price the API would refuse, on the field, and posts nothing', async () => {
    const { calls } = renderPage();
    const dialog = await openPriceStep();
    const submit = within(dialog).getByRole('button', { name: 'List for sale' });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(errorOf(fieldLabelled('Price (USD)'))).toBe('Enter a price in US dollars, like 25 or 19.99.'),
    );
    expect(document.activeElement).toBe(fieldLabelled('Price (USD)'));
    for (const [typed, message] of [
      ['0', 'The price cannot be 0.'],
      ['0.50', 'The price must be at least $1.'],
      ['-3', 'The price cannot be negative.'],
      ['12.1234567', 'The price has more than 6 decimals.'],
    ]) {
      fireEvent.change(fieldLabelled('Price (USD)'), { target: { value: typed } });
      fireEvent.click(submit);
      await waitFor(() => expect(errorOf(fieldLabelled('Price (USD)'))).toBe(message));
    }
    expect(posts(calls)).toHaveLength(0);
  });

  it('lists at the price and expiry chosen, shows the API’s sentence and reads the lists again', async () => {
    let listed = false;
    const { calls } = renderPage((call) => {
      if (call.method === 'POST') {
        listed = true;
        return json(200, listingAnswer(LISTED_MSG));
      }
      const first = listed
        ? ship('1', {
            state: 'listed',
            listing: { _id: 'new', status: 'listed', price: 19.99, price_micro: '19990000', expires_at: null },
          })
        : ship('1');
      return json(200, assetsPage([first, ...owned.slice(1)]));
    });
    const dialog = await openPriceStep();
    fireEvent.change(fieldLabelled('Price (USD)'), { target: { value: '19.99' } });
    fireEvent.change(within(dialog).getByLabelText('Listing ends'), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'List for sale' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(posts(calls).map((c) => [pathOf(c.url), c.body])).toEqual([
      ['/api/marketplace/listing', { item: '1', price: '19.99', expires_in_days: 7 }],
    ]);
    expect(screen.getByRole('status').textContent).toContain(LISTED_MSG);
    await waitFor(
      () => expect(within(card('Nova Lancer 1')).getByTestId('asset-state').textContent).toBe('Listed $19.990'),
      WAIT,
    );
    expect(assetReads(calls).length).toBeGreaterThan(1);
  });

  it('no expiry is the default, sent as null', async () => {
    const { calls } = renderPage((call) =>
      call.method === 'POST' ? json(200, listingAnswer(LISTED_MSG)) : json(200, assetsPage(owned)),
    );
    const dialog = await openPriceStep();
    expect((within(dialog).getByLabelText('Listing ends') as HTMLSelectElement).value).toBe('');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No expiry', '1 day', '3 days', '7 days', '30 days']);
    fireEvent.change(fieldLabelled('Price (USD)'), { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'List for sale' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1), WAIT);
    expect(posts(calls)[0]!.body).toEqual({ item: '1', price: '25', expires_in_days: null });
  });

  it('a refusal of the server about the price goes on the field; another one in the dialog’s alert', async () => {
    let answer = json(400, {
      error: true,
      code: 'BAD_REQUEST',
      msg: 'The price is too large (at most 1000000000 US dollars).',
    });
    renderPage((call) => (call.method === 'POST' ? answer : json(200, assetsPage(owned))));
    const dialog = await openPriceStep();
    fireEvent.change(fieldLabelled('Price (USD)'), { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'List for sale' }));
    await waitFor(
      () =>
        expect(errorOf(fieldLabelled('Price (USD)'))).toBe('The price is too large (at most 1000000000 US dollars).'),
      WAIT,
    );

    answer = json(409, {
      error: true,
      code: 'CONFLICT',
      msg: 'This ship is assigned to a penguin and cannot be listed.',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'List for sale' }));
    const alert = await within(dialog).findByRole('alert', undefined, WAIT);
    expect(alert.textContent).toBe('This ship is assigned to a penguin and cannot be listed.');
    expect(errorOf(fieldLabelled('Price (USD)'))).toBeNull();
  });
});
