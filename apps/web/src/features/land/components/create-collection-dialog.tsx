import { COLLECTION_NAME_MAX, type LandPlot } from '@starport/schemas';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useCreateCollection } from '../api/collection-changes.ts';
import { fieldOfRefusal, nameProblem, plotsProblem, type LandField } from '../model/land-form.ts';
import { useSelection } from '../model/use-selection.ts';
import { PlotPicker } from './plot-picker.tsx';

type CreateCollectionDialogProps = {
  open: boolean;
  onClose: () => void;
  onDone: (msg: string) => void;
  /**
   * The plots marked on My Land, ticked: the new collection takes them (at least one). Without
   * it (the collections page) the collection is made empty.
   */
  plots?: readonly LandPlot[];
};

export function CreateCollectionDialog(props: CreateCollectionDialogProps) {
  return props.open ? <OpenCreateDialog {...props} /> : null;
}

function OpenCreateDialog({ onClose, onDone, plots }: CreateCollectionDialogProps) {
  const [name, setName] = useState('');
  // The marked plots, as they were when the dialog opened, start ticked.
  const [candidates] = useState(() => plots?.map((p) => p.cell_id) ?? []);
  const selection = useSelection(candidates, candidates);
  const create = useCreateCollection();
  const errors = useFormErrors<LandField>();
  const withPlots = plots !== undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { name: nameProblem(name), plots: withPlots ? plotsProblem(selection.selected) : undefined };
    if (errors.refuseIfAny(found)) return;
    create.mutate(withPlots ? { name: name.trim(), lands: selection.selected } : { name: name.trim() }, {
      onSuccess: (answer) => {
        onDone(answer.msg);
        onClose();
      },
      onError: (error) => errors.refuseFromServer(fieldOfRefusal(error), messageOf(error)),
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !create.isPending && onClose()}
      title="Create collection"
      description={
        withPlots
          ? 'Name the collection; the ticked plots move into it.'
          : 'Name the collection; you can add plots to it afterwards.'
      }
    >
      <form className="stack" onSubmit={submit} {...errors.formProps}>
        <FormAlert message={errors.formError} />
        <Input
          label="Collection name"
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.fieldErrors.name}
          maxLength={COLLECTION_NAME_MAX}
          autoComplete="off"
        />
        {plots && (
          <PlotPicker
            legend="Plots to put in it"
            name="plots"
            plots={plots}
            selection={selection}
            error={errors.fieldErrors.plots}
          />
        )}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create collection
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
