import type { DepositPoint } from '@starport/schemas';
import { useEffect, useRef, useState } from 'react';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { formatTokenAmount } from '../model/amounts.ts';
import { TableScroll } from './table-scroll.tsx';

/**
 * Total deposits over time (pool.history: one point per UTC day with a change). The chart
 * library is its own chunk, loaded when this tab is shown; the same points are a table for
 * anyone who cannot see the picture.
 */
export function DepositsChart({
  points,
  symbol,
  decimals,
}: {
  points: DepositPoint[];
  symbol: string;
  decimals: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (points.length === 0 || !box.current) return;
    const target = box.current;
    let cancelled = false;
    let dispose = () => {};
    import('lightweight-charts')
      .then(({ createChart, AreaSeries }) => {
        if (cancelled) return;
        const chart = createChart(target, {
          height: 220,
          autoSize: true,
          // The library's logo would be an unreachable link inside role="img": credited in text below.
          layout: { background: { color: 'transparent' }, textColor: '#9aa3c7', attributionLogo: false },
          grid: { vertLines: { color: 'rgba(143,168,255,0.08)' }, horzLines: { color: 'rgba(143,168,255,0.08)' } },
        });
        const series = chart.addSeries(AreaSeries, {
          lineColor: '#6ee7ff',
          topColor: 'rgba(110,231,255,0.35)',
          bottomColor: 'rgba(110,231,255,0)',
        });
        series.setData(
          points.map((p) => ({
            time: p.day,
            value: Number(formatTokenAmount(p.value, decimals, 4).replace(/,/g, '')),
          })),
        );
        chart.timeScale().fitContent();
        dispose = () => chart.remove();
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      dispose();
    };
  }, [points, decimals]);

  if (points.length === 0) return <p>Nothing has been staked yet.</p>;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const amount = (p: DepositPoint) => `${formatTokenAmount(p.value, decimals)} ${symbol}`;
  const summary = `Total deposits from ${first.day} (${amount(first)}, ${first.units} units) to ${last.day} (${amount(last)}, ${last.units} units).`;
  return (
    <div className="staking-chart">
      <p>{summary}</p>
      {failed ? (
        <p>The chart could not be loaded. Please reload the page; the figures are in the table below.</p>
      ) : (
        <>
          <div
            ref={box}
            className="staking-chart__box"
            role="img"
            aria-label={`Chart of total deposits. ${summary} Every day is listed in the table below.`}
          />
          <p className="staking-figures__note">
            Chart by <ExternalLink href="https://www.tradingview.com/">TradingView</ExternalLink> Lightweight Charts™
          </p>
        </>
      )}
      <details className="staking-chart__table">
        <summary>Total deposits by day (table)</summary>
        <TableScroll label="Total deposits by day">
          <table className="staking-table">
            <caption className="sr-only">Total deposits at the end of each day with a change</caption>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col">Units staked</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.day}>
                  <td>{p.day}</td>
                  <td>{p.units}</td>
                  <td>{amount(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </div>
  );
}
