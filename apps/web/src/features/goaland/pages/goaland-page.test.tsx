import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type Call } from '../../../test/fetch-mock.ts';
import { pathOf } from '../../../test/my-assets-fixtures.ts';
import { page, renderRoutes } from '../../../test/render.tsx';
import GoalandPage from './goaland-page.tsx';

const WAIT = { timeout: 30_000 };

const summary = (over: Record<string, unknown> = {}) => ({
  error: false,
  total: 3,
  dailyEarn: 30,
  enable: true,
  next_time: null,
  accrued: 60,
  rate_per_plot_day: 10,
  description: 'Every GOALAND plot you own earns 10 DNC per full day. Collect once per UTC day.',
  ...over,
});

function renderPage(mine: () => unknown, write: (call: Call) => Response = () => json(200, { error: false, msg: 'Collected 60 DNC.', amount: 60, balance: 60, next_time: '2026-11-28T00:00:00.000Z' })) {
  const mock = mockFetch((call) => (call.method === 'GET' ? json(200, mine()) : write(call)));
  return { ...mock, ...renderRoutes([page('/my/goaland', <GoalandPage />)], '/my/goaland') };
}

beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(() => vi.unstubAllGlobals());

describe('GOALAND page', { timeout: 60_000 }, () => {
  it('shows the table with plots, earnings, description and the Collect DNC button', async () => {
    renderPage(() => summary());
    expect(await screen.findByRole('heading', { name: 'GOALAND Land Staking' }, WAIT)).toBeTruthy();
    const row = await screen.findByTestId('goaland-row', undefined, WAIT);
    for (const name of ['Number of GOALAND Plots', 'DNC Earnings', 'Description', 'Next refresh'])
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    expect(within(row).getByTestId('goaland-plots').textContent).toBe('3');
    expect(within(row).getByTestId('goaland-daily').textContent).toBe('30 DNC a day');
    expect(within(row).getByTestId('goaland-accrued').textContent).toBe('60 DNC to collect');
    expect(row.textContent).toContain('earns 10 DNC per full day');
    expect(within(row).getByRole('button', { name: 'Collect DNC' })).toBeTruthy();
  });

  it('Collect DNC posts the claim, shows the message, then the next time', async () => {
    let collected = false;
    const { calls } = renderPage(
      () => (collected ? summary({ enable: false, accrued: 0, next_time: '2026-11-28T00:00:00.000Z' }) : summary()),
      () => {
        collected = true;
        return json(200, { error: false, msg: 'Collected 60 DNC.', amount: 60, balance: 60, next_time: '2026-11-28T00:00:00.000Z' });
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Collect DNC' }, WAIT));
    await screen.findByText('Collected 60 DNC.', undefined, WAIT);
    expect(pathOf(calls.find((c) => c.method === 'POST')!.url)).toBe('/api/my/lands/claim');
    await screen.findByTestId('goaland-next-time', undefined, WAIT);
    expect(screen.queryByRole('button', { name: 'Collect DNC' })).toBeNull();
  });

  it('shows the server’s sentence when the collect is refused', async () => {
    renderPage(
      () => summary(),
      () => json(409, { error: true, code: 'CONFLICT', msg: 'You have already collected your GOALAND DNC today. Come back tomorrow (UTC).' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Collect DNC' }, WAIT));
    await screen.findByText('You have already collected your GOALAND DNC today. Come back tomorrow (UTC).', undefined, WAIT);
  });

  it('without plots: no button, and says when a plot starts earning', async () => {
    renderPage(() => summary({ total: 0, dailyEarn: 0, enable: false, accrued: 0 }));
    const row = await screen.findByTestId('goaland-row', undefined, WAIT);
    expect(within(row).getByTestId('goaland-plots').textContent).toBe('0');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(row.textContent).toContain('first DNC one full day after you buy it');
  });
});
