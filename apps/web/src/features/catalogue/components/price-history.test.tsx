import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNewTabLinksAnnounced } from '../../../test/new-tab-links.ts';
import { PriceHistory, toSeries } from './price-history.tsx';

/**
 * jsdom has no canvas, so the library is stood in for. Like the real one, it puts its
 * TradingView logo link into the chart's box unless `layout.attributionLogo` is false.
 */
const { createChart } = vi.hoisted(() => ({
  createChart: vi.fn((box: HTMLElement, options: { layout?: { attributionLogo?: boolean } }) => {
    if (options.layout?.attributionLogo !== false) {
      const logo = document.createElement('a');
      logo.href = 'https://www.tradingview.com/';
      logo.textContent = 'TradingView';
      box.append(logo);
    }
    return { addSeries: () => ({ setData: () => {} }), timeScale: () => ({ fitContent: () => {} }), remove: () => {} };
  }),
}));
vi.mock('lightweight-charts', () => ({ LineSeries: {}, createChart }));

const SALES = [
  { sold_at: '2026-11-01T10:00:00Z', price: 200 },
  { sold_at: '2026-11-03T10:00:00Z', price: 241.5 },
  { sold_at: '2026-11-02T10:00:00Z', price: 260.5 },
];
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex], iframe, [contenteditable]';

describe('price history', () => {
  it('says so when no sale was recorded', () => {
    render(<PriceHistory points={[]} />);
    expect(screen.getByText('No sales recorded yet for this item.')).toBeTruthy();
  });

  it('summarises the sales and names the chart by what it shows', () => {
    render(<PriceHistory points={SALES} />);
    expect(screen.getByText(/3 sales · last \$260\.500/)).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Price history chart: 3 sales from $200.000 to $260.500. Every sale is listed below the chart.' }),
    ).toBeTruthy();
  });

  // WCAG 4.1.2: what is inside role="img" is hidden from assistive technology, so a link there
  // is a tab stop that no screen reader can name.
  it('keeps the drawn chart free of anything to focus, and credits TradingView in text outside it', async () => {
    render(<PriceHistory points={SALES} />);
    await waitFor(() => expect(createChart).toHaveBeenCalled());
    const chart = screen.getByRole('img', { name: /^Price history chart/ });
    expect(chart.querySelectorAll(FOCUSABLE)).toHaveLength(0);
    const credit = screen.getByRole('link', { name: 'TradingView, opens in a new tab' });
    expect(credit.getAttribute('href')).toBe('https://www.tradingview.com/');
    expect(chart.contains(credit)).toBe(false);
    expect(expectNewTabLinksAnnounced(document.body)).toBe(1);
  });

  it('lists every sale with its date and price, newest first, in a table the keyboard can open', () => {
    render(<PriceHistory points={SALES} />);
    const toggle = screen.getByText('Every sale: date and price');
    expect(toggle.tagName).toBe('SUMMARY');
    fireEvent.click(toggle);
    const table = screen.getByRole('table', { name: 'Sales, newest first' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Sold on', 'Price']);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((td) => td.textContent));
    expect(rows.map(([, price]) => price)).toEqual(['$241.500', '$260.500', '$200.000']);
    expect(rows.map(([date]) => date?.slice(0, 11))).toEqual(['Nov 3, 2026', 'Nov 2, 2026', 'Nov 1, 2026']);
  });

  it('orders points by time and keeps one per second', () => {
    const series = toSeries([
      { sold_at: '2026-11-02T00:00:00.900Z', price: 3 },
      { sold_at: '2026-11-01T00:00:00Z', price: 1 },
      { sold_at: '2026-11-02T00:00:00.100Z', price: 2 },
    ]);
    expect(series.map((p) => p.value)).toEqual([1, 3]);
  });
});
