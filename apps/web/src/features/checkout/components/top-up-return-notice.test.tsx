import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAccountStore } from '../../../lib/account-store.ts';
import { landCreditKey } from '../../../lib/land-credit.ts';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import { TopUpReturnNotice } from './land-credit-top-up.tsx';

const CODE = 'SP-7K3M9Q2XHD';
const CANCELLED = 'The top-up was cancelled. Nothing was charged.';

/** GET /api/orders/{CODE} answers these statuses in turn (the last repeats). */
function mockOrder(statuses: string[]) {
  let reads = 0;
  return mockFetch((call: Call) => {
    if (new URL(call.url, 'http://x').pathname === `/api/orders/${CODE}`) {
      const status = statuses[Math.min(reads++, statuses.length - 1)];
      return json(200, { error: false, data: { code: CODE, status, lines: [] } });
    }
    return json(404, { error: true, code: 'NOT_FOUND', msg: 'We found no such order in your account.' });
  });
}

const renderAt = (address: string) => renderRoutes([page('/assets', <TopUpReturnNotice />)], address);

const searchOf = (router: ReturnType<typeof renderAt>['router']) => router.state.location.search;

beforeEach(() => useAccountStore.setState({ status: { loggedIn: true } }));
afterEach(() => useAccountStore.setState({ status: { loggedIn: false }, user: null }));

describe('coming back from the card provider after a top-up', { timeout: 120_000 }, () => {
  it('success: waits while the order is pending, then says "Payment completed." and reads the balance again', async () => {
    const { calls } = mockOrder(['pending', 'paid']);
    const { queryClient } = renderAt(`/assets?topup=success&order=${CODE}`);
    queryClient.setQueryData(landCreditKey, { error: false, amount: 2 });
    await screen.findByTestId('top-up-waiting');
    expect(screen.queryByText('Payment completed.')).toBeNull();
    expect(queryClient.getQueryState(landCreditKey)?.isInvalidated).toBe(false);

    const paid = await screen.findByText('Payment completed.');
    expect(paid.closest('[role="status"]')).not.toBeNull();
    expect(queryClient.getQueryState(landCreditKey)?.isInvalidated).toBe(true);
    expect(calls.every((c) => c.url.endsWith(`/api/orders/${CODE}`))).toBe(true);
  });

  it('dismissing takes the top-up parameters off the address and keeps the others', async () => {
    mockOrder(['fulfilled']);
    const { router } = renderAt(`/assets?topup=success&order=${CODE}&redirected=detail`);
    const notice = await screen.findByTestId('top-up-return');
    await within(notice).findByText('Payment completed.');
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('top-up-return')).toBeNull());
    expect(searchOf(router)).toBe('?redirected=detail');
  });

  it('an order that failed says it was not paid and adds nothing', async () => {
    mockOrder(['expired']);
    const { queryClient } = renderAt(`/assets?topup=success&order=${CODE}`);
    queryClient.setQueryData(landCreditKey, { error: false, amount: 2 });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Payment unsuccessful. Please try again.');
    expect(alert.textContent).toContain(`Order ${CODE} was not paid in time.`);
    expect(queryClient.getQueryState(landCreditKey)?.isInvalidated).toBe(false);
  });

  it('cancel: says nothing was charged, asks nothing, and Dismiss clears the address', async () => {
    const { calls } = mockOrder(['pending']);
    const { router } = renderAt(`/assets?topup=cancel&order=${CODE}`);
    expect(screen.getByText(CANCELLED).closest('[role="status"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(CANCELLED)).toBeNull());
    expect(searchOf(router)).toBe('');
    expect(calls).toEqual([]);
  });

  it('a link without a valid order code says so; an order of someone else shows the server’s sentence', async () => {
    mockOrder(['paid']);
    const first = renderAt('/assets?topup=success&order=not-a-code');
    expect((await screen.findByRole('alert')).textContent).toContain('This address does not name an order.');
    first.unmount();

    mockFetch(() => json(404, { error: true, code: 'NOT_FOUND', msg: 'We found no such order in your account.' }));
    renderAt(`/assets?topup=success&order=${CODE}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Order not found');
    expect(alert.textContent).toContain('We found no such order in your account.');
  });

  it('shows nothing on the page without top-up parameters', () => {
    const { calls } = mockOrder(['paid']);
    renderAt('/assets?redirected=detail');
    expect(screen.queryByTestId('top-up-return')).toBeNull();
    expect(calls).toEqual([]);
  });
});
