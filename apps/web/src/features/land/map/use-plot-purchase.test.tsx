import { cellOf, type OwnedCell } from '@starport/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { landCreditKey } from '../../../lib/land-credit.ts';
import { landKeys } from '../api/land-keys.ts';
import { NOT_FREE } from './plot-selection.ts';
import { BOUGHT_TITLE, STILL_LOADING, usePlotPurchase } from './use-plot-purchase.ts';

const free = cellOf({ lng: 2.3376, lat: 48.87 }).id;
const other = free + 1;
const owned: OwnedCell = { id: free + 2, layer: 'others', owner: 'captain', collection_id: null, country: 'FR', valuation: 25 };

function setup(props: Partial<Parameters<typeof usePlotPurchase>[0]> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const invalidated: unknown[] = [];
  const invalidate = queryClient.invalidateQueries.bind(queryClient);
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters) => {
    invalidated.push(filters?.queryKey);
    return invalidate(filters);
  });
  const onBought = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const initial = { ownedById: new Map([[owned.id, owned]]), ownershipKnown: true, plotPrice: 2, onBought, ...props };
  const hook = renderHook((input: typeof initial) => usePlotPurchase(input), { wrapper, initialProps: initial });
  return { ...hook, onBought, invalidated, initial };
}

describe('usePlotPurchase', () => {
  it('buys the picked plots at the shown total, then empties the selection, tells the page and reads land and credit again', async () => {
    const server = mockFetch(() => json(200, { error: false, msg: 'You bought 2 plots for 4 land credits.', cells: [free, other], credit: 16 }));
    const { result, onBought, invalidated } = setup();
    act(() => result.current.toggle(free));
    act(() => result.current.toggle(other));
    expect(result.current.selection).toEqual([free, other]);

    act(() => result.current.submit());
    await waitFor(() => expect(result.current.outcome).toEqual({ tone: 'success', title: BOUGHT_TITLE, text: 'You bought 2 plots for 4 land credits.' }));
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({ method: 'POST', url: '/api/land/payment/credit', body: { price: 4, type: 'individual' } });
    expect((server.calls[0]!.body as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([free, other]);
    expect(result.current.selection).toEqual([]);
    expect(onBought).toHaveBeenCalledWith([free, other]);
    await waitFor(() => expect(invalidated).toEqual(expect.arrayContaining([landKeys.all, landCreditKey])));
  });

  it('shows the server’s sentence on a refusal and keeps the selection', async () => {
    const msg = `Another player already owns one of these plots (${free}). Nothing was bought.`;
    mockFetch(() => json(409, { error: true, code: 'CONFLICT', msg }));
    const { result, onBought } = setup();
    act(() => result.current.toggle(free));
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.outcome).toEqual({ tone: 'error', text: msg }));
    expect(result.current.selection).toEqual([free]);
    expect(onBought).not.toHaveBeenCalled();
  });

  it('refuses owned plots, and any plot before the box’s plots are known', () => {
    const loading = setup({ ownershipKnown: false });
    act(() => loading.result.current.toggle(free));
    expect(loading.result.current).toMatchObject({ selection: [], refusal: STILL_LOADING });

    const { result } = setup();
    act(() => result.current.toggle(owned.id));
    expect(result.current).toMatchObject({ selection: [], refusal: NOT_FREE });
  });

  it('drops a picked plot as soon as a fresh answer shows it owned', () => {
    const { result, rerender, initial } = setup();
    act(() => result.current.toggle(free));
    act(() => result.current.toggle(other));
    rerender({ ...initial, ownedById: new Map([[other, { ...owned, id: other }]]) });
    expect(result.current.selection).toEqual([free]);
  });

  it('removes one plot, or clears them all', () => {
    const { result } = setup();
    act(() => result.current.toggle(free));
    act(() => result.current.toggle(other));
    act(() => result.current.remove(free));
    expect(result.current.selection).toEqual([other]);
    act(() => result.current.clear());
    expect(result.current.selection).toEqual([]);
  });
});
