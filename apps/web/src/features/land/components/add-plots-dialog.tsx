import type { LandCollectionView } from '@starport/schemas';
import { type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useAddLands } from '../api/collection-changes.ts';
import { useMyPlots } from '../api/get-my-plots.ts';
import { fieldOfRefusal, plotsProblem, type LandField } from '../model/land-form.ts';
import { useSelection } from '../model/use-selection.ts';
import { PlotPicker } from './plot-picker.tsx';

type AddPlotsDialogProps = {
  /** the collection that takes the plots; null keeps the dialog closed */
  collection: LandCollectionView | null;
  onClose: () => void;
  onDone: (msg: string) => void;
};

/** The detail's Add (owned-assets.md §2.5): the player's individual plots to tick, POST add_lands. */
export function AddPlotsDialog(props: AddPlotsDialogProps) {
  return props.collection ? <OpenAddDialog {...props} collection={props.collection} /> : null;
}

function OpenAddDialog({ collection, onClose, onDone }: AddPlotsDialogProps & { collection: LandCollectionView }) {
  const individual = useMyPlots('individual');
  const plots = individual.data?.data ?? [];
  const ids = plots.map((p) => p.cell_id);
  const selection = useSelection(ids);
  const add = useAddLands();
  const errors = useFormErrors<LandField>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (errors.refuseIfAny({ plots: plotsProblem(selection.selected) })) return;
    add.mutate(
      { collection_id: collection._id, items: selection.selected },
      {
        onSuccess: (answer) => {
          onDone(answer.msg);
          onClose();
        },
        onError: (error) => errors.refuseFromServer(fieldOfRefusal(error), messageOf(error)),
      },
    );
  };

  let body;
  if (individual.isPending) body = <LoadingBlock label="Loading your individual plots…" />;
  else if (individual.isError) body = <FormAlert message={messageOf(individual.error)} />;
  else if (plots.length === 0)
    body = (
      <p>
        All your plots are in collections already. Buy free plots on the map, or move plots out of another collection.
      </p>
    );
  else
    body = (
      <PlotPicker
        legend="Your individual plots"
        name="plots"
        plots={plots}
        selection={selection}
        error={errors.fieldErrors.plots}
      />
    );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !add.isPending && onClose()}
      title="Add land"
      description={`Tick the plots to add to ${collection.name}.`}
    >
      <form className="stack" onSubmit={submit} {...errors.formProps}>
        <FormAlert message={errors.formError} />
        {body}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add to {collection.name}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
