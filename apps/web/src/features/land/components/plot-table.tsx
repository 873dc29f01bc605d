import type { LandPlot } from '@starport/schemas';
import { formatDateTime } from '../../../lib/format.ts';
import { countryOf, valuationOf } from '../model/land-analysis.ts';
import { countryName, formatValuation, plotName } from '../model/plot-labels.ts';
import type { Selection } from '../model/use-selection.ts';

type PlotTableProps = {
  caption: string;
  plots: readonly LandPlot[];
  /** with a selection, each row has a checkbox (a frozen collection's table has none) */
  selection?: Selection;
  /** the owner's own pages show when a plot was bought */
  showBought?: boolean;
};

/** A collection's plots: cell, country, valuation; on phones each row reads as a card. */
export function PlotTable({ caption, plots, selection, showBought = false }: PlotTableProps) {
  return (
    <table className="plot-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {selection && (
            <th scope="col">
              <span className="sr-only">Selected</span>
            </th>
          )}
          <th scope="col">Plot</th>
          <th scope="col">Country</th>
          <th scope="col">Valuation</th>
          {showBought && <th scope="col">Bought</th>}
        </tr>
      </thead>
      <tbody>
        {plots.map((plot) => (
          <tr key={plot.cell_id} data-testid="plot-row">
            {selection && (
              <td>
                <input
                  type="checkbox"
                  className="plot-table__check"
                  aria-label={`Select ${plotName(plot.cell_id)}`}
                  checked={selection.isSelected(plot.cell_id)}
                  onChange={(event) => selection.toggle(plot.cell_id, event.target.checked)}
                />
              </td>
            )}
            <td data-label="Plot">{plotName(plot.cell_id)}</td>
            <td data-label="Country">{countryName(countryOf(plot))}</td>
            <td data-label="Valuation">{formatValuation(valuationOf(plot))}</td>
            {showBought && <td data-label="Bought">{formatDateTime(plot.created_at)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
