import type { HouseTypesResponse } from '@starport/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { useShipsForSale } from '../api/get-ships-for-sale.ts';
import { useTotalDeposit } from '../api/get-total-deposit.ts';
import { formatCount } from '../../../lib/number-text.ts';

type Figure = { isPending: boolean; isError: boolean; value: ReactNode };

/**
 * Live figures from the API (the old client hard-coded these). Each comes from its own call,
 * so one slow or failed call leaves the others on screen. The house figures are the catalogue's
 * call, which the page that composes both areas passes in.
 */
export function LandingCounters({ houses }: { houses: UseQueryResult<HouseTypesResponse> }) {
  const ships = useShipsForSale();
  const sales = useTotalDeposit();

  const pieces = houses.data?.data.reduce((sum, t) => ({ minted: sum.minted + t.minted, total: sum.total + t.total }), {
    minted: 0,
    total: 0,
  });
  const figures: Array<[key: string, label: string, figure: Figure]> = [
    [
      'ships',
      'Ships for sale on the marketplace',
      { ...ships, value: ships.data && `${ships.data.total_capped ? 'over ' : ''}${formatCount(ships.data.total)}` },
    ],
    ['sales', 'Marketplace sales', { ...sales, value: sales.data && formatCount(sales.data.count) }],
    ['volume', 'Traded between players', { ...sales, value: sales.data && formatPrice(sales.data.total, 'whole') }],
    [
      'houses',
      'Container-house pieces minted',
      { ...houses, value: pieces && `${formatCount(pieces.minted)} / ${formatCount(pieces.total)}` },
    ],
  ];
  const failed = [ships, sales, houses].filter((q) => q.isError);

  return (
    <section className="landing__counters" aria-labelledby="landing-counters-title">
      <h2 id="landing-counters-title" className="sr-only">
        Starport in numbers
      </h2>
      {failed.length > 0 && (
        <Alert tone="error" title="Some figures could not be loaded">
          <div className="row">
            <span>{failed[0]!.error?.message}</span>
            <Button variant="secondary" onClick={() => failed.forEach((q) => void q.refetch())}>
              Try again
            </Button>
          </div>
        </Alert>
      )}
      <dl className="landing__counter-list">
        {figures.map(([key, label, figure]) => (
          <div key={key} className="landing__counter" data-counter={key}>
            <dt>{label}</dt>
            <dd aria-busy={figure.isPending || undefined}>
              {figure.isPending ? (
                <>
                  <span className="landing__skeleton" aria-hidden="true" />
                  <span className="sr-only">Loading…</span>
                </>
              ) : figure.isError ? (
                <span aria-label="not available">–</span>
              ) : (
                figure.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
