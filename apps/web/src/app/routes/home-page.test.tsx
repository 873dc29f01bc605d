import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type Call } from '../../test/fetch-mock.ts';
import { expectDollarPricesOnly } from '../../test/money-words.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import { soldItem } from '../../test/sold-fixtures.ts';
import { houseTypes } from '../../test/unit-fixtures.ts';
import HomePage from './home-page.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The first render loads lazy chunks; a busy two-core machine may need more than 1 s. */
const SLOW = { timeout: 60_000 };
vi.setConfig({ testTimeout: 15_000 });

/** The newest Legendary ship listed: the hero's picture. */
const legendary = {
  _id: 'l77',
  name: 'Logic Array Prime',
  type: 'spaceship',
  kind: 'ship',
  price: 4000,
  sell_price: 3669.4,
  price_micro: '4000000000',
  sell_price_micro: '3669400000',
  minted: false,
  status: 'listed',
  listed_at: '2026-11-01T00:00:00.000Z',
  sold_at: null,
  item: { _id: 's77', name: 'Type 1', element: 1, rarity: 3, image: '/images/v1/ship/1-3-77', description: '' },
};

const blindBox = {
  _id: 'blindbox-frontier',
  code: 'blindbox',
  object: 'blindbox',
  name: 'Frontier Blind Box',
  description: 'One ship of any rarity.',
  image: '/images/v1/blindbox/frontier',
  price: 1000,
  sell_price: 250,
  price_micro: '1000000000',
  sell_price_micro: '250000000',
  odds_bps: { common: 6543, rare: 2500, epic: 857, legend: 100 },
};

/** The landing's calls, answered from one table so each test can change one of them. */
function landingApi(overrides: Record<string, () => Response> = {}) {
  const answers: Record<string, () => Response> = {
    '/api/marketplace/find': () =>
      json(200, { error: false, data: [legendary], total: 4321, total_capped: false, page: 1, limit: 1 }),
    '/api/marketplace/totalDeposit': () =>
      json(200, { error: false, count: 1234, total: 98765.43, total_micro: '98765430000' }),
    '/api/catalogue/house_types': () => json(200, { error: false, data: houseTypes }),
    '/api/marketplace/top_nft': () =>
      json(200, {
        error: false,
        data: [soldItem(1, 'ship', 5000), soldItem(2, 'house_unit', 3000), soldItem(3, 'dnc', 900)],
      }),
    '/api/contact': () => json(200, { error: false, msg: 'Thank you! Your message has been sent.' }),
    '/api/shop/blindbox': () => json(200, { error: false, item: blindBox }),
    ...overrides,
  };
  return (call: Call) =>
    answers[new URL(call.url, 'http://x').pathname]?.() ??
    json(404, { error: true, code: 'NOT_FOUND', msg: 'No such call.' });
}

const counter = (key: string) => document.querySelector(`[data-counter="${key}"] dd`)!;

describe('landing page (home_version 1)', () => {
  it('shows counters from the API, not invented ones', async () => {
    const { calls } = mockFetch(landingApi());
    renderRoutes([page('/', <HomePage />)], '/');
    expect(screen.getByRole('heading', { name: 'Build your fleet at Starport' })).toBeTruthy();
    await waitFor(() => expect(counter('ships').textContent).toBe('4,321'), SLOW);
    expect(counter('sales').textContent).toBe('1,234');
    expect(counter('volume').textContent).toBe('$98,765');
    // 120 units of 200 pieces, 50 of each minted
    expect(counter('houses').textContent).toBe('6,000 / 24,000');
    // One call counts the ships; the hero asks for its Legendary ship with a call of its own.
    const finds = calls.filter((c) => c.url.includes('/api/marketplace/find'));
    const queries = finds.map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
    expect(queries).toContainEqual({ kind: 'ship', limit: '1' });
    expect(queries).toContainEqual({ kind: 'ship', rarity: 'legendary', limit: '1' });
  });

  it('shows skeletons while the figures load', async () => {
    mockFetch(() => new Promise<Response>(() => {}));
    renderRoutes([page('/', <HomePage />)], '/');
    expect(counter('ships').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('sold-skeleton')).toBeTruthy();
  });

  it('lists the top sales as cards that open the item pages', async () => {
    mockFetch(landingApi());
    renderRoutes([page('/', <HomePage />)], '/');
    const featured = screen.getByRole('region', { name: 'Top sales' });
    expect((await within(featured).findByRole('link', { name: 'Ship 1' }, SLOW)).getAttribute('href')).toBe(
      '/detail/101',
    );
    expect(within(featured).getByRole('link', { name: 'Type 2' }).getAttribute('href')).toBe('/market/102');
    expect(within(featured).getByRole('link', { name: '500 DNC' }).getAttribute('href')).toBe('/detail/103');
    expect(within(featured).getByText('Sold for $5,000')).toBeTruthy();
    await waitFor(() => expect(counter('volume').textContent).toBe('$98,765'), SLOW);
    expectDollarPricesOnly(document.body.textContent);
    expect(within(featured).getByRole('link', { name: 'All top lists' }).getAttribute('href')).toBe('/top');
  });

  it('tells the player when figures or sales cannot be loaded, and tries again', async () => {
    let fail = true;
    const down = () =>
      fail
        ? json(503, { error: true, code: 'UNAVAILABLE', msg: 'The service is busy.' })
        : json(200, { error: false, count: 7, total: 70, total_micro: '70000000' });
    mockFetch(
      landingApi({
        '/api/marketplace/totalDeposit': down,
        '/api/marketplace/top_nft': () => json(200, { error: false, data: [] }),
      }),
    );
    renderRoutes([page('/', <HomePage />)], '/');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('Some figures could not be loaded');
    expect(counter('sales').textContent).toBe('–');
    await waitFor(() => expect(counter('ships').textContent).toBe('4,321'), SLOW);
    expect(await screen.findByText(/No ship has changed hands yet/, {}, SLOW)).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(counter('sales').textContent).toBe('7'), SLOW);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the contact form from the landing page', async () => {
    const { calls } = mockFetch(landingApi());
    renderRoutes([page('/', <HomePage />)], '/');
    const contact = screen.getByRole('region', { name: 'Contact us' });
    fireEvent.change(within(contact).getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(within(contact).getByLabelText('E-mail'), { target: { value: 'ada@example.com' } });
    fireEvent.change(within(contact).getByLabelText('Message'), { target: { value: 'Hello there' } });
    fireEvent.click(within(contact).getByRole('button', { name: 'Send message' }));
    expect(await within(contact).findByText('Thank you! Your message has been sent.', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/api/contact'))?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Hello there',
    });
  });
});

describe('landing hero', () => {
  it('shows the newest Legendary ship for sale beside the title, with its price, opening its page', async () => {
    mockFetch(landingApi());
    renderRoutes([page('/', <HomePage />)], '/');
    const showcase = await screen.findByTestId('hero-showcase', {}, SLOW);
    expect(showcase.closest('section')?.getAttribute('aria-labelledby')).toBe('home-title');
    expect(showcase.getAttribute('href')).toBe('/detail/l77');
    expect(showcase.textContent).toContain('Legendary · AI');
    expect(showcase.textContent).toContain('Logic Array Prime');
    expect(showcase.textContent).toContain('$3,669');
    expect(showcase.querySelector('img')?.getAttribute('src')).toBe('/images/v1/ship/1-3-77?resize=600x600');
    expect(showcase.querySelector('img')?.getAttribute('fetchpriority')).toBe('high');
  });

  it('shows the Frontier Blind Box when no Legendary ship is listed, and nothing invented when neither can be read', async () => {
    const noShips = () => json(200, { error: false, data: [], total: 0, total_capped: false, page: 1, limit: 1 });
    mockFetch(landingApi({ '/api/marketplace/find': noShips }));
    const first = renderRoutes([page('/', <HomePage />)], '/');
    const showcase = await screen.findByTestId('hero-showcase', {}, SLOW);
    expect(showcase.getAttribute('href')).toBe('/shop');
    expect(showcase.textContent).toContain('Frontier Blind Box');
    expect(showcase.textContent).toContain('$250');
    first.unmount();

    vi.unstubAllGlobals();
    const down = () => json(503, { error: true, code: 'UNAVAILABLE', msg: 'The service is busy.' });
    mockFetch(landingApi({ '/api/marketplace/find': down, '/api/shop/blindbox': down }));
    renderRoutes([page('/', <HomePage />)], '/');
    await waitFor(() => expect(document.querySelector('.hero-showcase')).toBeNull(), SLOW);
    expect(screen.getByRole('heading', { name: 'Build your fleet at Starport' })).toBeTruthy();
  });
});

describe('landing page layout', () => {
  it('places the container-house view, asking for the unit types once', async () => {
    const { calls } = mockFetch(landingApi());
    renderRoutes([page('/', <HomePage />)], '/');
    const houses = await screen.findByRole('region', { name: 'Container Houses' }, SLOW);
    expect(await within(houses).findByRole('heading', { name: 'Type 1 · Apart 1-24' }, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/api/catalogue/house_types'))).toHaveLength(1);
  });
});
