import type { LandCollectionView, LandPlot } from '@starport/schemas';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useCollections } from '../api/get-collections.ts';
import { useMyPlots } from '../api/get-my-plots.ts';
import { useRefreshLand } from '../api/use-refresh-land.ts';
import { CollectionCard } from '../components/collection-card.tsx';
import { CreateCollectionDialog } from '../components/create-collection-dialog.tsx';
import { IndividualPlots } from '../components/individual-plots.tsx';
import { SuccessNotice } from '../../../components/ui/success-notice.tsx';
import { MovePlotsDialog } from '../components/move-plots-dialog.tsx';
import { OwnsNoLand } from '../components/owns-no-land.tsx';
import { RenameCollectionDialog } from '../components/rename-collection-dialog.tsx';
import { LazyLandMap } from '../map/lazy-land-map.tsx';
import { useSelection } from '../model/use-selection.ts';
import './land.css';

const MAP_ID = 'land-map';

export type MyLandPageProps = {
  /** the land-credit top-up shown by the map's purchase total; composed in app/routes (features do not import each other) */
  topUp?: ReactNode;
  /** what came back with the page (a card top-up's outcome), shown under the heading; composed in app/routes */
  returnNotice?: ReactNode;
};

/**
 * /assets, My Land (owned-assets.md §2.3): my collections and my plots in none on the left, to
 * group, rename and move; the world's land on the map on the right, to buy more.
 */
export default function MyLandPage({ topUp, returnNotice }: MyLandPageProps) {
  const collections = useCollections();
  const individual = useMyPlots('individual');
  const { refresh, refreshing } = useRefreshLand();
  const loose = useMemo(() => individual.data?.data ?? [], [individual.data]);
  const looseIds = useMemo(() => loose.map((p) => p.cell_id), [loose]);
  const selection = useSelection(looseIds);

  const [notice, setNotice] = useState<string | null>(null);
  const [creating, setCreating] = useState<LandPlot[] | null>(null);
  const [adding, setAdding] = useState<LandPlot[] | null>(null);
  const [moving, setMoving] = useState<{ from: LandCollectionView; plots: LandPlot[] } | null>(null);
  const [renaming, setRenaming] = useState<LandCollectionView | null>(null);

  const done = (msg: string) => {
    setNotice(msg);
    selection.clear();
  };
  const marked = () => loose.filter((p) => selection.isSelected(p.cell_id));

  const failed = [collections, individual].find((q) => q.isError);
  let body;
  if (failed) body = <LoadError title="Your land could not be loaded" query={failed} />;
  else if (!collections.data || !individual.data) body = <LoadingBlock label="Loading your land…" />;
  else if (collections.data.data.length === 0 && individual.data.total === 0) body = <OwnsNoLand mapId={MAP_ID} />;
  else
    body = (
      <>
        <section aria-labelledby="land-collections-heading" className="land-panel__section">
          <h2 id="land-collections-heading">Land Collections</h2>
          {collections.data.data.length === 0 ? (
            <p className="land-muted">No collections yet: mark individual plots and create one.</p>
          ) : (
            <ul className="land-collections">
              {collections.data.data.map((collection) => (
                <CollectionCard
                  key={collection._id}
                  collection={collection}
                  onRename={setRenaming}
                  onMove={(from, plots) => setMoving({ from, plots })}
                />
              ))}
            </ul>
          )}
          <Link to={paths.landCollections.getHref()} className="land-link">
            Manage collections
          </Link>
        </section>
        <section aria-labelledby="land-individual-heading" className="land-panel__section">
          <h2 id="land-individual-heading">Individual Land Plots</h2>
          <IndividualPlots
            plots={loose}
            selection={selection}
            onCreate={() => setCreating(marked())}
            onAdd={() => setAdding(marked())}
          />
        </section>
      </>
    );

  return (
    <div className="page land-page">
      <div className="land-page__header">
        <h1>My Land</h1>
        <Button variant="secondary" onClick={refresh} loading={refreshing}>
          Refresh
        </Button>
      </div>
      {returnNotice}
      <SuccessNotice className="land-notice" message={notice} onDismiss={() => setNotice(null)} />
      <div className="land-page__layout">
        <div className="land-panel" aria-busy={refreshing || undefined}>
          {body}
        </div>
        <div id={MAP_ID} className="land-page__map" tabIndex={-1}>
          <LazyLandMap mode="buy" label="Map of the world's land" topUp={topUp} onBought={refresh} />
        </div>
      </div>
      <CreateCollectionDialog
        open={creating !== null}
        plots={creating ?? []}
        onClose={() => setCreating(null)}
        onDone={done}
      />
      <MovePlotsDialog from={null} plots={adding} onClose={() => setAdding(null)} onDone={done} />
      <MovePlotsDialog
        from={moving?.from ?? null}
        plots={moving?.plots ?? null}
        onClose={() => setMoving(null)}
        onDone={done}
      />
      <RenameCollectionDialog collection={renaming} onClose={() => setRenaming(null)} onDone={done} />
    </div>
  );
}
