import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock.ts';
import { expectDollarPricesOnly } from '../../test/money-words.ts';
import { page, renderRoutes } from '../../test/render.tsx';
import ShipDetailPage from './ship-detail-page.tsx';
import { useAccountStore } from '../../lib/account-store.ts';
import { leaveForPayment } from '../../features/checkout/model/leave-for-payment.ts';
import { formatDateTime } from '../../lib/format.ts';

// The browser leaving for the provider's page: recorded instead of navigating jsdom away.
vi.mock('../../features/checkout/model/leave-for-payment.ts', () => ({ leaveForPayment: vi.fn() }));

const ship = {
  _id: 'l1',
  name: 'Nova Lancer',
  type: 'spaceship',
  kind: 'ship',
  price: 1000,
  sell_price: 480.25,
  price_micro: '1000000000',
  sell_price_micro: '480250000',
  minted: false,
  status: 'listed',
  listed_at: '2026-11-01T00:00:00.000Z',
  sold_at: null,
  price_history: [],
  more_from_collection: [],
  item: {
    _id: 's1',
    name: 'Nova Lancer',
    element: 2,
    rarity: 3,
    image: '/images/v1/ship/2-3-7',
    description: 'A living hull.',
    element_name: 'Alien',
    rarity_name: 'Legendary',
    team_name: 'Xeno Swarm',
    team_description: 'Living vessels.',
    legendary_serial: 17,
    health: 900,
    healing: 41,
    gun_damage: 77,
    rocket_damage: 310,
    defense: 55,
    afterburner: 12,
    rocket_recharge_time: 4200,
    rocket_fire_rate: 6,
    rocket_re_time: 4200,
    attack: 77,
    defender: 55,
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('spaceship detail', () => {
  it('shows breadcrumbs, every stat from its own field, the honest empty price history and the price', async () => {
    mockFetch(() => json(200, { error: false, item: ship }));
    renderRoutes([page('/detail/:id', <ShipDetailPage />)], '/detail/l1');
    await screen.findByRole('heading', { name: 'Nova Lancer', level: 1 });
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' }).textContent).toBe(
      'Home › Marketplace › Nova Lancer',
    );
    const stat = (key: string) => document.querySelector(`[data-stat="${key}"] dd`)?.textContent;
    expect(stat('health')).toBe('900');
    expect(stat('healing')).toBe('41');
    expect(stat('gun_damage')).toBe('77');
    expect(stat('rocket_damage')).toBe('310');
    expect(stat('defense')).toBe('55');
    expect(stat('afterburner')).toBe('12');
    expect(stat('rocket_recharge_time')).toBe('4,200 ms');
    expect(stat('rocket_fire_rate')).toBe('6 /min');
    expect(document.querySelector('.ship-profile__tags')?.textContent).toBe('Alien · Legendary · #17 of 150');
    expect(screen.getByText('No sales recorded yet for this item.')).toBeTruthy();
    expect(screen.getByText('$480.250')).toBeTruthy();
    expectDollarPricesOnly(document.body.textContent);
  });

  it('a Legendary ship has the Legendary section with its serial and, without WebGL (jsdom), the honest 3D fallback', async () => {
    mockFetch(() => json(200, { error: false, item: ship }));
    renderRoutes([page('/detail/:id', <ShipDetailPage />)], '/detail/l1');
    const section = await screen.findByRole('region', { name: 'Legendary #17 of 150' });
    expect(section.textContent).toContain('Serial #17 belongs to this ship alone');
    expect(section.textContent).toContain('Flies in the colours of the Xeno Swarm.');
    expect(within(section).getByText('3D view unavailable')).toBeTruthy();
    expect(section.querySelector('.ship-viewer')?.getAttribute('data-state')).toBe('unsupported');
    expect(section.querySelector('canvas')).toBeNull();
  });

  it('a Common ship shows neither the Legendary section nor a 3D view', async () => {
    const common = { ...ship, item: { ...ship.item, rarity: 0, rarity_name: 'Common', legendary_serial: null } };
    mockFetch(() => json(200, { error: false, item: common }));
    renderRoutes([page('/detail/:id', <ShipDetailPage />)], '/detail/l1');
    await screen.findByRole('heading', { name: 'Nova Lancer', level: 1 });
    expect(screen.queryByTestId('legendary-section')).toBeNull();
    expect(screen.queryByText(/Legendary #/)).toBeNull();
    expect(document.querySelector('.ship-viewer')).toBeNull();
    expect(screen.queryByRole('img', { name: /3D model/ })).toBeNull();
  });

  it('BUY NOW signed out shows the spec message', async () => {
    mockFetch(() => json(200, { error: false, item: ship }));
    renderRoutes([page('/detail/:id', <ShipDetailPage />)], '/detail/l1');
    fireEvent.click(await screen.findByRole('button', { name: 'BUY NOW' }));
    expect(screen.getByText('To initiate payment process, please log into your account.')).toBeTruthy();
  });

  it('an unknown ship shows the server message', async () => {
    mockFetch(() => json(404, { error: true, code: 'NOT_FOUND', msg: 'There is no marketplace item with this id.' }));
    renderRoutes([page('/detail/:id', <ShipDetailPage />)], '/detail/nope');
    expect((await screen.findByRole('alert')).textContent).toContain('There is no marketplace item with this id.');
  });

  it('a DNC pack shows what it credits, its price and history; a unit is sent to its own page', async () => {
    const pack = {
      ...ship,
      _id: 'd9',
      name: '5,000 DNC',
      type: 'dnc',
      kind: 'dnc',
      sell_price: 45,
      item: {
        ...ship.item,
        _id: 'p1',
        name: '5,000 DNC',
        element: null,
        rarity: null,
        element_name: null,
        rarity_name: null,
        team_name: null,
        legendary_serial: null,
        dnc_amount: 5000,
        description: 'In-game currency.',
      },
    };
    mockFetch(() => json(200, { error: false, item: pack }));
    renderRoutes([page('/detail/:id', <ShipDetailPage />)], '/detail/d9');
    await screen.findByRole('heading', { name: '5,000 DNC', level: 1 });
    expect(document.querySelector('[data-stat="dnc_amount"] dd')?.textContent).toBe('5,000 DNC');
    expect(screen.getByText('$45.000')).toBeTruthy();
    expect(document.querySelector('[data-stat="health"]')).toBeNull();
    vi.unstubAllGlobals();

    mockFetch(() => json(200, { error: false, item: { ...ship, _id: 'u5', kind: 'house_unit' } }));
    renderRoutes([page('/detail/:id', <ShipDetailPage />), page('/market/:id', <p>unit page</p>)], '/detail/u5');
    await screen.findByText('unit page');
  });
});

describe('a reserved ship (a buyer is paying for it)', () => {
  const UNTIL = '2026-11-22T02:30:00.000Z';
  afterEach(() => useAccountStore.setState({ status: { loggedIn: false }, user: null }));

  it('another player sees Reserved and when it is for sale again, not "no longer for sale"', async () => {
    useAccountStore.setState({ status: { loggedIn: true } });
    mockFetch((call) =>
      call.url.endsWith('/site/setting')
        ? json(200, { error: false, sale_program: 1, home_version: 1 })
        : json(200, { error: false, item: { ...ship, status: 'reserved', reservation: { until: UNTIL, order: null } } }),
    );
    renderRoutes([page('/detail/:id', <ShipDetailPage />)], '/detail/l1');
    await screen.findByRole('heading', { name: 'Nova Lancer', level: 1 });
    const price = screen.getByRole('region', { name: 'Price' });
    expect(price.textContent).toContain(`Reserved: another player is paying for it. If they do not, it is for sale again after ${formatDateTime(UNTIL)}.`);
    expect(price.textContent).not.toContain('no longer for sale');
    expect((within(price).getByRole('button', { name: 'BUY NOW' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(price).queryByRole('button', { name: 'Continue payment' })).toBeNull();
  });

  it('its buyer is offered Continue payment of the same order, which goes back to its checkout page', async () => {
    useAccountStore.setState({ status: { loggedIn: true } });
    const { calls } = mockFetch((call) => {
      if (call.url.endsWith('/api/orders/SP-7K3M9Q2XHD/continue_payment'))
        return json(200, { error: false, method: 'card', order: 'SP-7K3M9Q2XHD', data: 'http://127.0.0.1/pay' });
      return json(200, { error: false, item: { ...ship, status: 'reserved', reservation: { until: UNTIL, order: 'SP-7K3M9Q2XHD' } } });
    });
    renderRoutes([page('/detail/:id', <ShipDetailPage />)], '/detail/l1');
    await screen.findByRole('heading', { name: 'Nova Lancer', level: 1 });
    const price = screen.getByRole('region', { name: 'Price' });
    expect(within(price).getByTestId('reserved-for-you').textContent).toContain('Reserved for you (order SP-7K3M9Q2XHD)');
    fireEvent.click(within(price).getByRole('button', { name: 'Continue payment' }));
    await vi.waitFor(() => expect(vi.mocked(leaveForPayment)).toHaveBeenCalledWith('http://127.0.0.1/pay'), { timeout: 10_000 });
    expect(calls.filter((c) => c.url.includes('/api/stripe/buy'))).toHaveLength(0);
  });
});
