import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { houseTypes } from '../../../test/unit-fixtures.ts';
import { HouseTypesView } from './house-types-view.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The first render loads a lazy chunk and two calls; a busy machine may need more than 1 s. */
const SLOW = { timeout: 60_000 };
vi.setConfig({ testTimeout: 15_000 });

const card = (type: number) => document.querySelector<HTMLElement>(`[data-type="${type}"]`)!;

describe('container-house landing view', () => {
  it('shows every type with its range, figures, APR from the data, price, minted / total and a link to its cheapest unit', async () => {
    const { calls } = mockFetch(() => json(200, { error: false, data: houseTypes }));
    renderRoutes([page('/', <HouseTypesView />)], '/');
    await screen.findByRole('heading', { name: 'Type 1 · Apart 1-24' }, SLOW);
    expect(calls[0]!.url).toContain('/api/catalogue/house_types');
    expect(document.querySelectorAll('[data-type]')).toHaveLength(5);

    const two = within(card(2));
    // The link reads the type once: its picture beside the name is decorative.
    expect(two.getByRole('link', { name: 'Type 2 · Apart 25-72' }).getAttribute('href')).toBe('/market/c2');
    expect(card(2).querySelector('[data-stat="area_m2"] dd')?.textContent).toBe('48 m²');
    expect(card(2).querySelector('[data-stat="housing"] dd')?.textContent).toBe('3');
    expect(two.getByText('26% APR')).toBeTruthy();
    expect(two.getByText('$200.000', { exact: false })).toBeTruthy();
    expect(card(2).querySelector('.house-type__minted')?.textContent).toBe('Minted 2,400 / 9,600 pieces');
    expect(within(card(3)).getByText('18.5% APR')).toBeTruthy();
  });

  it('does not link a type with nothing for sale', async () => {
    mockFetch(() => json(200, { error: false, data: houseTypes }));
    renderRoutes([page('/', <HouseTypesView />)], '/');
    await screen.findByRole('heading', { name: 'Type 5 · Apart 106-120' }, SLOW);
    expect(within(card(5)).queryByRole('link')).toBeNull();
    expect(within(card(5)).getByText('None for sale right now')).toBeTruthy();
  });

  it('tells the player when the types cannot be loaded and tries again', async () => {
    let calls = 0;
    mockFetch(() => (++calls === 1 ? json(503, { error: true, code: 'UNAVAILABLE', msg: 'The catalogue is resting.' }) : json(200, { error: false, data: houseTypes })));
    renderRoutes([page('/', <HouseTypesView />)], '/');
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain('The catalogue is resting.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Type 1 · Apart 1-24' }, SLOW);
  });
});
