import type { LandCollectionView, LandPlot } from '@starport/schemas';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useAddLands, useMoveLand } from '../api/collection-changes.ts';
import { useMoveTargets } from '../api/get-move-targets.ts';
import { destinationProblem, fieldOfRefusal, plotsProblem, type LandField } from '../model/land-form.ts';
import { useSelection } from '../model/use-selection.ts';
import { DestinationSelect, TO_INDIVIDUAL } from './destination-select.tsx';
import { PlotPicker } from './plot-picker.tsx';

type MovePlotsDialogProps = {
  /**
   * The collection the plots are in (move: POST move_land, to another open collection or out to
   * the individual plots), or null for individual plots (add to collection: POST add_lands).
   */
  from: LandCollectionView | null;
  /** the marked plots, ticked; null keeps the dialog closed */
  plots: readonly LandPlot[] | null;
  onClose: () => void;
  onDone: (msg: string) => void;
};

export function MovePlotsDialog(props: MovePlotsDialogProps) {
  return props.plots ? <OpenMoveDialog {...props} plots={props.plots} /> : null;
}

function OpenMoveDialog({ from, plots, onClose, onDone }: MovePlotsDialogProps & { plots: readonly LandPlot[] }) {
  const [candidates] = useState(() => plots.map((p) => p.cell_id));
  const selection = useSelection(candidates, candidates);
  const [destination, setDestination] = useState('');
  // Only collections that are not minting or minted, and not the one the plots are in.
  const targets = useMoveTargets(from?._id);
  const move = useMoveLand();
  const add = useAddLands();
  const pending = move.isPending || add.isPending;
  const errors = useFormErrors<LandField>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { destination: destinationProblem(destination), plots: plotsProblem(selection.selected) };
    if (errors.refuseIfAny(found)) return;
    const handlers = {
      onSuccess: (answer: { msg: string }) => {
        onDone(answer.msg);
        onClose();
      },
      onError: (error: unknown) => errors.refuseFromServer(fieldOfRefusal(error), messageOf(error)),
    };
    if (from === null) add.mutate({ collection_id: Number(destination), items: selection.selected }, handlers);
    else if (destination === TO_INDIVIDUAL) move.mutate({ type: 'individual', lands: selection.selected }, handlers);
    else move.mutate({ type: 'collection', collection_id: Number(destination), lands: selection.selected }, handlers);
  };

  const title = from ? 'Move plots' : 'Add to collection';
  let where;
  if (targets.isPending) where = <LoadingBlock label="Loading your collections…" />;
  else if (targets.isError) where = <FormAlert message={messageOf(targets.error)} />;
  else
    where = (
      <>
        {targets.data.items.length === 0 && (
          <p data-testid="no-move-target">
            {from
              ? 'You have no other collection that can take plots: only back to your individual plots.'
              : 'You have no collection that can take plots (a minting or minted one cannot): create a collection instead.'}
          </p>
        )}
        <DestinationSelect
          label={from ? 'Move to' : 'Add to'}
          value={destination}
          onChange={setDestination}
          targets={targets.data.items}
          allowIndividual={from !== null}
          error={errors.fieldErrors.destination}
        />
      </>
    );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title={title}
      description={
        from
          ? `Move plots out of ${from.name}: into another collection that is not minting or minted, or back to your individual plots.`
          : 'Put the ticked plots into one of your collections that is not minting or minted.'
      }
    >
      <form className="stack" onSubmit={submit} {...errors.formProps}>
        <FormAlert message={errors.formError} />
        {where}
        <PlotPicker
          legend="Plots to move"
          name="plots"
          plots={plots}
          selection={selection}
          error={errors.fieldErrors.plots}
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {title}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
