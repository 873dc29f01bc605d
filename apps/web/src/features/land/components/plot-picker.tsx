import type { LandPlot } from '@starport/schemas';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { countryName, formatValuation, plotName } from '../model/plot-labels.ts';
import { countryOf, valuationOf } from '../model/land-analysis.ts';
import type { Selection } from '../model/use-selection.ts';

type PlotPickerProps = {
  legend: string;
  /** the form field's name, for the error's clearing on change */
  name: string;
  plots: readonly LandPlot[];
  selection: Selection;
  /** shown on "Select all", which takes focus when the form is refused */
  error?: string | null;
};

/** Plots to tick, each labelled with its cell, country and valuation, and "Select all". */
export function PlotPicker({ legend, name, plots, selection, error }: PlotPickerProps) {
  return (
    <fieldset className="plot-picker">
      <legend className="plot-picker__legend">{legend}</legend>
      <Checkbox
        name={name}
        checked={selection.allSelected}
        onChange={(event) => selection.setAll(event.target.checked)}
        error={error}
        disabled={plots.length === 0}
      >
        Select all
      </Checkbox>
      <ul className="plot-picker__list">
        {plots.map((plot) => (
          <li key={plot.cell_id} data-testid="plot-choice">
            <Checkbox
              name={name}
              checked={selection.isSelected(plot.cell_id)}
              onChange={(event) => selection.toggle(plot.cell_id, event.target.checked)}
            >
              {plotName(plot.cell_id)} · {countryName(countryOf(plot))} · {formatValuation(valuationOf(plot))}
            </Checkbox>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
