import type { LandCollectionView } from '@starport/schemas';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useDeleteCollection } from '../api/collection-changes.ts';
import { useCollections } from '../api/get-collections.ts';
import { CreateCollectionDialog } from '../components/create-collection-dialog.tsx';
import { SuccessNotice } from '../../../components/ui/success-notice.tsx';
import { MintControl } from '../components/mint-control.tsx';
import { RenameCollectionDialog } from '../components/rename-collection-dialog.tsx';
import { isFrozen } from '../model/mint-state.ts';
import './land.css';

/** Why Delete is off for a collection, or null when it can go (owned-assets.md §4.1). */
function whyNotDeletable(collection: LandCollectionView): string | null {
  if (isFrozen(collection.state)) return 'A minting or minted collection cannot be deleted.';
  if (collection.total > 0) return 'Only an empty collection can be deleted: move its plots out first.';
  return null;
}

/** /assets/collections (owned-assets.md §2.4): my collections to create, rename, open and delete when empty. */
export default function LandCollectionsPage() {
  const collections = useCollections();
  const remove = useDeleteCollection();
  const [notice, setNotice] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<LandCollectionView | null>(null);

  const onDelete = (collection: LandCollectionView) => {
    setNotice(null);
    remove.mutate({ id: collection._id }, { onSuccess: (answer) => setNotice(answer.msg) });
  };

  let body;
  if (collections.isPending) body = <LoadingBlock label="Loading your collections…" />;
  else if (collections.isError) body = <LoadError title="Your collections could not be loaded" query={collections} />;
  else if (collections.data.data.length === 0)
    body = (
      <p data-testid="collections-empty">
        You have no land collections yet. Create one here, or mark plots on{' '}
        <Link to={paths.myLand.getHref()}>My Land</Link> to group them.
      </p>
    );
  else
    body = (
      <table className="land-table">
        <caption className="sr-only">Your land collections</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Plots</th>
            <th scope="col">NFT</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {collections.data.data.map((collection) => (
            <CollectionRow
              key={collection._id}
              collection={collection}
              onRename={setRenaming}
              onDelete={onDelete}
              deleting={remove.isPending && remove.variables?.id === collection._id}
            />
          ))}
        </tbody>
      </table>
    );

  return (
    <div className="page land-page">
      <div className="land-page__header">
        <h1>Land Collections</h1>
        <Button onClick={() => setCreating(true)}>Create collection</Button>
      </div>
      <p>
        <Link to={paths.myLand.getHref()} className="land-link">
          Back to My Land
        </Link>
      </p>
      <SuccessNotice className="land-notice" message={notice} onDismiss={() => setNotice(null)} />
      {remove.isError && (
        <Alert tone="error" title="Sorry" onDismiss={() => remove.reset()}>
          {messageOf(remove.error)}
        </Alert>
      )}
      <section aria-label="Your land collections" aria-busy={collections.isFetching || undefined}>
        {body}
      </section>
      <CreateCollectionDialog open={creating} onClose={() => setCreating(false)} onDone={setNotice} />
      <RenameCollectionDialog collection={renaming} onClose={() => setRenaming(null)} onDone={setNotice} />
    </div>
  );
}

type CollectionRowProps = {
  collection: LandCollectionView;
  onRename: (collection: LandCollectionView) => void;
  onDelete: (collection: LandCollectionView) => void;
  deleting: boolean;
};

function CollectionRow({ collection, onRename, onDelete, deleting }: CollectionRowProps) {
  const whyId = useId();
  const why = whyNotDeletable(collection);
  return (
    <tr data-testid="collection-row">
      <td data-label="Name">
        <Link to={paths.landCollection.getHref(collection._id)}>{collection.name}</Link>
      </td>
      <td data-label="Plots" data-testid="collection-total">
        {collection.total}
      </td>
      <td data-label="NFT">
        <MintControl collection={collection} />
      </td>
      <td>
        <div className="land-buttons">
          <Button variant="ghost" onClick={() => onRename(collection)} aria-label={`Rename ${collection.name}`}>
            Rename
          </Button>
          <Button
            variant="danger"
            disabled={why !== null}
            aria-describedby={why ? whyId : undefined}
            loading={deleting}
            onClick={() => onDelete(collection)}
            aria-label={`Delete ${collection.name}`}
          >
            Delete
          </Button>
        </div>
        {why && (
          <p id={whyId} className="land-muted">
            {why}
          </p>
        )}
      </td>
    </tr>
  );
}
