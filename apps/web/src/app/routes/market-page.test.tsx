import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock.ts';
import { headingSkips } from '../../test/heading-outline.ts';
import { expectDollarPricesOnly } from '../../test/money-words.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import MarketPage from './market-page.tsx';

const listing = (i: number) => ({
  _id: `l${i}`,
  name: `Ship ${i}`,
  type: 'spaceship',
  kind: 'ship',
  price: 1000,
  sell_price: 249.6,
  price_micro: '1000000000',
  sell_price_micro: '249600000',
  minted: false,
  status: 'listed',
  listed_at: '2026-11-01T00:00:00.000Z',
  sold_at: null,
  item: { _id: `s${i}`, name: `Ship ${i}`, element: 1, rarity: 3, image: `/images/v1/ship/1-3-${i}`, description: '' },
});

const answer = (total: number, count: number) =>
  json(200, { error: false, data: Array.from({ length: count }, (_, i) => listing(i)), total, total_capped: false, page: 1, limit: 20 });

afterEach(() => vi.unstubAllGlobals());

describe('marketplace list', () => {
  it('shows the total, cards with whole-dollar prices, and asks the API with the URL filters', async () => {
    const { calls } = mockFetch(() => answer(45, 20));
    renderRoutes([page('/market', <MarketPage />)], '/market?element=ai&rarity=legendary&page=2');
    await screen.findByRole('heading', { name: 'Marketplace · 45 items' });
    expect(screen.getAllByText('$250')).toHaveLength(20);
    expectDollarPricesOnly(document.body.textContent);
    const url = new URL(calls[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ element: 'ai', rarity: 'legendary', page: '2', limit: '20' });
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
  });

  it('writes a filter change into the URL and starts again at page 1', async () => {
    mockFetch(() => answer(45, 20));
    const { router } = renderRoutes([page('/market', <MarketPage />)], '/market?page=3');
    await screen.findByRole('heading', { name: /45 items/ });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Alien' }));
    expect(router.state.location.search).toBe('?element=alien');
    fireEvent.change(screen.getByRole('textbox', { name: 'Price from' }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(router.state.location.search).toBe('?element=alien&price_from=10');
  });

  it('tells the player when nothing matches, and when the call fails', async () => {
    mockFetch(() => answer(0, 0));
    renderRoutes([page('/market', <MarketPage />)], '/market');
    await screen.findByText(/No items match these filters/);
    vi.unstubAllGlobals();
    mockFetch(() => json(503, { error: true, code: 'UNAVAILABLE', msg: 'The marketplace is resting.' }));
    renderRoutes([page('/market', <MarketPage />)], '/market');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The marketplace is resting.'));
  });

  /** The message a field points at with aria-describedby, when it says it is invalid. */
  const problemOf = (field: HTMLElement) =>
    field.getAttribute('aria-invalid') === 'true'
      ? document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent
      : undefined;
  const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

  it('shows a bad price on its field and keeps the list, asked without it', async () => {
    const { calls } = mockFetch(() => answer(45, 20));
    renderRoutes([page('/market', <MarketPage />)], '/market?price_from=abc&rarity=epic');
    await screen.findByRole('heading', { name: 'Marketplace · 45 items' });
    expect(problemOf(screen.getByRole('textbox', { name: 'Price from' }))).toBe(
      'From must be an amount of US dollars, like 25 or 19.99.',
    );
    expect(screen.getAllByText('$250')).toHaveLength(20);
    expect(screen.queryByText('The marketplace could not be loaded')).toBeNull();
    expect(calls.map((c) => queryOf(c.url))).toEqual([{ rarity: 'epic', page: '1', limit: '20' }]);
  });

  it('says when From is above To, on the field, and lists without the price range', async () => {
    const { calls } = mockFetch(() => answer(45, 20));
    renderRoutes([page('/market', <MarketPage />)], '/market?price_from=500&price_to=10');
    await screen.findByRole('heading', { name: 'Marketplace · 45 items' });
    expect(problemOf(screen.getByRole('textbox', { name: 'Price from' }))).toBe('From must not be above To.');
    expect(screen.getByRole('textbox', { name: 'Price to' }).getAttribute('aria-invalid')).toBeNull();
    expect(calls.map((c) => queryOf(c.url))).toEqual([{ page: '1', limit: '20' }]);
  });

  it('shows an unknown rarity on the rarity filter and keeps the known ones', async () => {
    const { calls } = mockFetch(() => answer(45, 20));
    renderRoutes([page('/market', <MarketPage />)], '/market?rarity=foo,epic');
    await screen.findByRole('heading', { name: 'Marketplace · 45 items' });
    expect(problemOf(screen.getByRole('group', { name: 'Rarity' }))).toBe("Unknown rarity 'foo': choose from the list.");
    expect(calls.map((c) => queryOf(c.url))).toEqual([{ rarity: 'epic', page: '1', limit: '20' }]);
    expect(screen.getAllByText('$250')).toHaveLength(20);
  });

  it('says a page past the end is past the end and links the last page', async () => {
    mockFetch(() => answer(45, 0));
    const { router } = renderRoutes([page('/market', <MarketPage />)], '/market?rarity=epic&page=9999');
    const note = await screen.findByTestId('list-past-end');
    expect(note.textContent).toContain('Page 9999 is past the end: these filters have 3 pages.');
    expect(screen.queryByText(/No items match these filters/)).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Go to the last page (3)' }));
    expect(router.state.location.search).toBe('?rarity=epic&page=3');
  });
});

describe('marketplace list structure', () => {
  it('never skips a heading level: one h1, and each card names its item one level under it', async () => {
    mockFetch(() => answer(45, 20));
    renderRoutes([page('/market', <MarketPage />)], '/market');
    await screen.findByRole('heading', { name: 'Marketplace · 45 items' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Ship 3' })).toBeTruthy();
    expect(headingSkips()).toEqual([]);
  });

  it("reads a card's name once: the picture beside the name says nothing more", async () => {
    mockFetch(() => answer(45, 20));
    renderRoutes([page('/market', <MarketPage />)], '/market');
    const link = await screen.findByRole('link', { name: 'Ship 3' });
    expect(link.getAttribute('href')).toBe('/detail/l3');
  });
});
