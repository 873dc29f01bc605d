import type { LandPlot } from '@starport/schemas';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { Selection } from '../model/use-selection.ts';
import { PlotPicker } from './plot-picker.tsx';

type IndividualPlotsProps = {
  plots: readonly LandPlot[];
  selection: Selection;
  onCreate: () => void;
  onAdd: () => void;
};

/** My Land's plots in no collection, to mark and group (owned-assets.md §2.3): both buttons wait for a mark. */
export function IndividualPlots({ plots, selection, onCreate, onAdd }: IndividualPlotsProps) {
  const hintId = useId();
  if (plots.length === 0) return <p className="land-muted">Every plot you own is in a collection.</p>;
  const none = selection.selected.length === 0;
  return (
    <div className="stack">
      <PlotPicker legend="Mark plots to group them" name="individual" plots={plots} selection={selection} />
      <div className="land-buttons">
        <Button onClick={onCreate} disabled={none} aria-describedby={none ? hintId : undefined}>
          Create collection
        </Button>
        <Button variant="secondary" onClick={onAdd} disabled={none} aria-describedby={none ? hintId : undefined}>
          Add to collection
        </Button>
      </div>
      {none && (
        <p id={hintId} className="land-muted">
          Mark at least one plot to create a collection or add to one.
        </p>
      )}
    </div>
  );
}
