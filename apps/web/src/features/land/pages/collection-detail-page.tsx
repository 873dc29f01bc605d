import type { LandCollectionView, LandPlot } from '@starport/schemas';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useRemoveLands } from '../api/collection-changes.ts';
import { useCollectionPlots } from '../api/get-collection-plots.ts';
import { useCollections } from '../api/get-collections.ts';
import { AddPlotsDialog } from '../components/add-plots-dialog.tsx';
import { LandAnalysisPanel } from '../components/land-analysis-panel.tsx';
import { SuccessNotice } from '../../../components/ui/success-notice.tsx';
import { MintControl } from '../components/mint-control.tsx';
import { PlotTable } from '../components/plot-table.tsx';
import { LazyLandMap } from '../map/lazy-land-map.tsx';
import { frozenNote, isFrozen } from '../model/mint-state.ts';
import { useSelection } from '../model/use-selection.ts';
import './land.css';

/** The collection ids the API takes: whole numbers from 1. */
const collectionKey = (key: string | null): string | null => (key && /^[1-9]\d{0,14}$/.test(key) ? key : null);

/**
 * /assets/collection?key={id} (owned-assets.md §2.5): one of my collections, its land analysis
 * counted from the plots, the plots to add or remove, and where they lie on the map.
 */
export default function CollectionDetailPage() {
  const [params] = useSearchParams();
  const key = collectionKey(params.get('key'));
  return (
    <div className="page land-page">
      <p>
        <Link to={paths.myLand.getHref('detail')} className="land-link">
          Back to My Land
        </Link>
      </p>
      {key ? (
        <CollectionDetail id={key} />
      ) : (
        <>
          <h1>Land collection</h1>
          <Alert tone="error">This address names no collection: open one from My Land or Land Collections.</Alert>
        </>
      )}
    </div>
  );
}

function CollectionDetail({ id }: { id: string }) {
  const collections = useCollections();
  const plotsQuery = useCollectionPlots(id);
  const collection = collections.data?.data.find((c) => String(c._id) === id);

  const failed = [plotsQuery, collections].find((q) => q.isError);
  if (failed)
    return (
      <DetailProblem>
        <LoadError title="This collection could not be loaded" query={failed} />
      </DetailProblem>
    );
  if (!plotsQuery.data || !collections.data) return <LoadingBlock label="Loading the collection…" />;
  // The plots answered, so it is mine; gone from my list means it was deleted meanwhile.
  if (!collection)
    return (
      <DetailProblem>
        <Alert tone="error">That collection is not one of yours.</Alert>
      </DetailProblem>
    );
  return <EditableCollection collection={collection} plots={plotsQuery.data.data} />;
}

const DetailProblem = ({ children }: { children: ReactNode }) => (
  <>
    <h1>Land collection</h1>
    {children}
  </>
);

type EditableCollectionProps = { collection: LandCollectionView; plots: LandPlot[] };

function EditableCollection({ collection, plots }: EditableCollectionProps) {
  const ids = useMemo(() => plots.map((p) => p.cell_id), [plots]);
  const selection = useSelection(ids);
  const remove = useRemoveLands();
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const frozen = isFrozen(collection.state);

  const onRemove = () => {
    setNotice(null);
    remove.mutate(
      { collection_id: collection._id, items: selection.selected },
      {
        onSuccess: (answer) => {
          setNotice(answer.msg);
          selection.clear();
        },
      },
    );
  };

  return (
    <>
      <div className="land-page__header">
        <h1>{collection.name}</h1>
        <MintControl collection={collection} />
      </div>
      <SuccessNotice className="land-notice" message={notice} onDismiss={() => setNotice(null)} />
      {remove.isError && (
        <Alert tone="error" title="Sorry" onDismiss={() => remove.reset()}>
          {messageOf(remove.error)}
        </Alert>
      )}
      <div className="land-page__layout">
        <div className="land-panel">
          <LandAnalysisPanel plots={plots} />
          <section aria-labelledby="collection-plots-heading" className="land-panel__section">
            <h2 id="collection-plots-heading">Land plots</h2>
            {frozen ? (
              <p className="land-frozen" data-testid="frozen-note">
                {frozenNote(collection.name)}
              </p>
            ) : (
              <div className="land-buttons">
                <Button onClick={() => setAdding(true)}>Add</Button>
                {selection.selected.length > 0 && (
                  <Button variant="danger" onClick={onRemove} loading={remove.isPending}>
                    Remove {selection.selected.length === 1 ? '1 plot' : `${selection.selected.length} plots`}
                  </Button>
                )}
              </div>
            )}
            {plots.length === 0 ? (
              <p className="land-muted">No plots in this collection yet.</p>
            ) : (
              <>
                {!frozen && (
                  <Checkbox
                    name="select-all"
                    checked={selection.allSelected}
                    onChange={(e) => selection.setAll(e.target.checked)}
                  >
                    Select All
                  </Checkbox>
                )}
                <PlotTable
                  caption={`Plots in ${collection.name}`}
                  plots={plots}
                  selection={frozen ? undefined : selection}
                  showBought
                />
              </>
            )}
          </section>
        </div>
        <div className="land-page__map">
          <LazyLandMap mode="view" label={`Map of ${collection.name}`} focusCells={ids} />
        </div>
      </div>
      <AddPlotsDialog collection={adding ? collection : null} onClose={() => setAdding(false)} onDone={setNotice} />
    </>
  );
}
