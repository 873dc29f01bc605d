import type { PricePoint as SoldPricePoint } from '@starport/schemas';
import { useEffect, useRef, useState } from 'react';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { SalesTable } from './sales-table.tsx';
import './price-history.css';

/** What the chart reads of a recorded sale. */
export type PricePoint = Pick<SoldPricePoint, 'sold_at' | 'price'>;

/**
 * Recorded sales as a line chart. The chart library is loaded only when there is something to
 * draw, so it never weighs on the first page; with no sales the player is told so plainly.
 * The chart is a picture, so the same sales are also a table anyone can read or tab to.
 */
export function PriceHistory({ points }: { points: PricePoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!points.length || !box.current) return;
    const target = box.current;
    let dispose = () => {};
    let cancelled = false;
    import('lightweight-charts')
      .then(({ createChart, LineSeries }) => {
        if (cancelled) return;
        const chart = createChart(target, {
          height: 220,
          autoSize: true,
          layout: {
            background: { color: 'transparent' },
            textColor: '#9aa3c7',
            // Its logo is a link inside our role="img", where no one can reach it; the credit
            // the licence asks for is given in text under the chart instead.
            attributionLogo: false,
          },
          grid: { vertLines: { color: 'rgba(143,168,255,0.08)' }, horzLines: { color: 'rgba(143,168,255,0.08)' } },
          timeScale: { timeVisible: true },
        });
        const series = chart.addSeries(LineSeries, { color: '#6ee7ff', lineWidth: 2 });
        series.setData(toSeries(points));
        chart.timeScale().fitContent();
        dispose = () => chart.remove();
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      dispose();
    };
  }, [points]);

  if (!points.length) return <p className="price-history__empty">No sales recorded yet for this item.</p>;
  const last = points[points.length - 1]!;
  return (
    <div className="price-history">
      <p className="price-history__summary">
        {points.length} sale{points.length === 1 ? '' : 's'} · last {formatPrice(last.price)} on{' '}
        {new Date(last.sold_at).toLocaleDateString('en-US', { dateStyle: 'medium' })}
      </p>
      {failed ? (
        <p className="price-history__empty">The chart could not be loaded. Please reload the page.</p>
      ) : (
        <>
          <div ref={box} className="price-history__chart" role="img" aria-label={chartLabel(points)} />
          <p className="price-history__credit">
            Chart by <ExternalLink href="https://www.tradingview.com/">TradingView</ExternalLink> Lightweight Charts™
          </p>
        </>
      )}
      <SalesTable points={points} />
    </div>
  );
}

/** What the picture shows, in words: how many sales and the range of their prices. */
function chartLabel(points: PricePoint[]): string {
  const prices = points.map((p) => p.price);
  const low = formatPrice(Math.min(...prices));
  const high = formatPrice(Math.max(...prices));
  const range = low === high ? `at ${low}` : `from ${low} to ${high}`;
  return `Price history chart: ${points.length} sale${points.length === 1 ? '' : 's'} ${range}. Every sale is listed below the chart.`;
}

/** One point per second at most (the chart needs strictly rising times); the last sale wins. */
export function toSeries(points: PricePoint[]) {
  const bySecond = new Map<number, number>();
  const ordered = points.map((p) => ({ ms: new Date(p.sold_at).getTime(), price: p.price })).sort((a, b) => a.ms - b.ms);
  for (const p of ordered) bySecond.set(Math.floor(p.ms / 1000), p.price);
  return [...bySecond.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([time, value]) => ({ time: time as import('lightweight-charts').UTCTimestamp, value }));
}
