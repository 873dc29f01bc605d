import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriceHistory, toSeries } from './price-history.tsx';

describe('price history', () => {
  it('says so when no sale was recorded', () => {
    render(<PriceHistory points={[]} />);
    expect(screen.getByText('No sales recorded yet for this item.')).toBeTruthy();
  });

  it('summarises the sales and draws a chart area', () => {
    render(<PriceHistory points={[{ sold_at: '2026-11-01T10:00:00Z', price: 200 }, { sold_at: '2026-11-02T10:00:00Z', price: 260.5 }]} />);
    expect(screen.getByText(/2 sales · last \$260\.500/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Price history chart' })).toBeTruthy();
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
