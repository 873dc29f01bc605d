import type { LandCollectionView, LandPlot } from '@starport/schemas';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useCollectionPlots } from '../api/get-collection-plots.ts';
import { frozenNote, isFrozen } from '../model/mint-state.ts';
import { plotsCount } from '../model/plot-labels.ts';
import { useSelection } from '../model/use-selection.ts';
import { MintControl } from './mint-control.tsx';
import { PlotTable } from './plot-table.tsx';

type CollectionCardProps = {
  collection: LandCollectionView;
  onRename: (collection: LandCollectionView) => void;
  onMove: (from: LandCollectionView, plots: LandPlot[]) => void;
};

/** One collection on My Land: name, total, its plots on demand, the mint state, rename and the detail. */
export function CollectionCard({ collection, onRename, onMove }: CollectionCardProps) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  return (
    <li className="land-collection" data-testid="land-collection">
      <div className="land-collection__head">
        <h3 className="land-collection__name">{collection.name}</h3>
        <span className="land-muted" data-testid="collection-total">
          {plotsCount(collection.total)}
        </span>
      </div>
      <div className="land-collection__actions">
        <Button
          variant="secondary"
          aria-expanded={expanded}
          aria-controls={panelId}
          aria-label={`${expanded ? 'Hide' : 'Show'} plots of ${collection.name}`}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? 'Hide plots' : 'Show plots'}
        </Button>
        <Button variant="ghost" onClick={() => onRename(collection)} aria-label={`Rename ${collection.name}`}>
          Rename
        </Button>
        <Link
          to={paths.landCollection.getHref(collection._id)}
          className="land-link"
          aria-label={`Open ${collection.name}`}
        >
          Open
        </Link>
        <MintControl collection={collection} />
      </div>
      <div id={panelId} hidden={!expanded}>
        {expanded && <CollectionPlots collection={collection} onMove={onMove} />}
      </div>
    </li>
  );
}

function CollectionPlots({ collection, onMove }: Pick<CollectionCardProps, 'collection' | 'onMove'>) {
  const query = useCollectionPlots(String(collection._id));
  const plots = query.data?.data ?? [];
  const selection = useSelection(plots.map((p) => p.cell_id));
  const frozen = isFrozen(collection.state);

  if (query.isPending) return <LoadingBlock label={`Loading the plots of ${collection.name}…`} />;
  if (query.isError) return <LoadError title={`The plots of ${collection.name} could not be loaded`} query={query} />;
  if (plots.length === 0) return <p className="land-muted">No plots in this collection yet.</p>;
  return (
    <div className="stack">
      {frozen && <p className="land-frozen">{frozenNote(collection.name)}</p>}
      <PlotTable caption={`Plots in ${collection.name}`} plots={plots} selection={frozen ? undefined : selection} />
      {!frozen && (
        <Button
          variant="secondary"
          disabled={selection.selected.length === 0}
          aria-label={`Move plots of ${collection.name}`}
          onClick={() =>
            onMove(
              collection,
              plots.filter((p) => selection.isSelected(p.cell_id)),
            )
          }
        >
          Move plots
        </Button>
      )}
    </div>
  );
}
