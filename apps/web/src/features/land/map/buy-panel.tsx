import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatCredit } from '../../../lib/format.ts';
import type { PlotSelection } from './plot-selection.ts';

export type BuyOutcome = { tone: 'success' | 'error'; title?: string; text: string } | null;

type BuyPanelProps = {
  selection: PlotSelection;
  /** land credit per plot from the cells answer; undefined until it came */
  plotPrice: number | undefined;
  balance: number | null;
  topUp?: ReactNode;
  buying: boolean;
  outcome: BuyOutcome;
  onDismissOutcome: () => void;
  onRemove: (cellId: number) => void;
  onClear: () => void;
  onBuy: () => void;
};

const plots = (n: number) => `${n} ${n === 1 ? 'plot' : 'plots'}`;

/** The selection, its total in land credit against the balance, and the purchase. */
export function BuyPanel({ selection, plotPrice, balance, topUp, buying, outcome, onDismissOutcome, onRemove, onClear, onBuy }: BuyPanelProps) {
  const count = selection.length;
  const total = plotPrice === undefined ? null : count * plotPrice;
  const short = total !== null && balance !== null && total > balance;
  return (
    <section className="land-map__buy" aria-label="Buy plots">
      <h3>Buy plots</h3>
      <dl>
        <dt>Selected</dt>
        <dd data-testid="selection-count">{plots(count)}</dd>
        <dt>Total</dt>
        <dd>{total === null ? '—' : `${formatCredit(total)} land credit`}</dd>
        <dt>Your land credit</dt>
        <dd>{balance === null ? '—' : formatCredit(balance)}</dd>
      </dl>
      {short && (
        <p className="land-map__note land-map__note--error">
          Not enough land credit: these plots cost {formatCredit(total)} and you have {formatCredit(balance)}.
        </p>
      )}
      {topUp}
      {count > 0 && (
        <ul className="land-map__selection" aria-label="Selected plots">
          {selection.map((id) => (
            <li key={id}>
              <span>Cell {id}</span>
              <Button variant="ghost" aria-label={`Remove cell ${id}`} onClick={() => onRemove(id)}>
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="land-map__actions">
        <Button variant="secondary" disabled={count === 0 || buying} onClick={onClear}>
          Clear
        </Button>
        <Button disabled={count === 0 || total === null || short} loading={buying} onClick={onBuy}>
          {`Buy ${plots(count)}`}
        </Button>
      </div>
      {outcome && (
        <Alert tone={outcome.tone} title={outcome.title} onDismiss={onDismissOutcome}>
          {outcome.text}
        </Alert>
      )}
    </section>
  );
}
