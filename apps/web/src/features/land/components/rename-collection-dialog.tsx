import { COLLECTION_NAME_MAX, type LandCollectionView } from '@starport/schemas';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useRenameCollection } from '../api/collection-changes.ts';
import { fieldOfRefusal, nameProblem, type LandField } from '../model/land-form.ts';

type RenameCollectionDialogProps = {
  /** the collection to rename; null keeps the dialog closed */
  collection: LandCollectionView | null;
  onClose: () => void;
  onDone: (msg: string) => void;
};

/** POST /api/collections/setname. A minting or minted collection can be renamed too: its plots stay as they are. */
export function RenameCollectionDialog({ collection, onClose, onDone }: RenameCollectionDialogProps) {
  return collection ? (
    <OpenRenameDialog key={collection._id} collection={collection} onClose={onClose} onDone={onDone} />
  ) : null;
}

function OpenRenameDialog({
  collection,
  onClose,
  onDone,
}: RenameCollectionDialogProps & { collection: LandCollectionView }) {
  const [name, setName] = useState(collection.name);
  const rename = useRenameCollection();
  const errors = useFormErrors<LandField>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (errors.refuseIfAny({ name: nameProblem(name) })) return;
    rename.mutate(
      { id: collection._id, name: name.trim() },
      {
        onSuccess: (answer) => {
          onDone(answer.msg);
          onClose();
        },
        onError: (error) => errors.refuseFromServer(fieldOfRefusal(error), messageOf(error)),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !rename.isPending && onClose()}
      title="Rename collection"
      description={`A new name for ${collection.name}.`}
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
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Rename
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
