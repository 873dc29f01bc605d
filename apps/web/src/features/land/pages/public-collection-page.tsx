import type { CollectionDetailResponse } from '@starport/schemas';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { useCollectionDetail } from '../api/get-collection-detail.ts';
import { PlotTable } from '../components/plot-table.tsx';
import { LazyLandMap } from '../map/lazy-land-map.tsx';
import { MINTED, MINTING } from '../model/mint-state.ts';
import { plotsCount } from '../model/plot-labels.ts';
import './land.css';

/**
 * /collection/{id} (owned-assets.md §2.6): anyone may see a collection's land, like a minted
 * token's metadata (decision 0045); the id is the collection's uriid.
 */
export default function PublicCollectionPage() {
  const { id = '' } = useParams();
  const detail = useCollectionDetail(id);

  let body;
  if (detail.isPending) body = <LoadingBlock label="Loading the collection…" />;
  else if (detail.isError)
    body = (
      <>
        <h1>Land in the collection</h1>
        <LoadError title="This collection could not be loaded" query={detail} />
      </>
    );
  else body = <PublicCollection detail={detail.data} />;
  return <div className="page land-page">{body}</div>;
}

const stateWords = (state: number): string | null =>
  state === MINTED ? 'Minted as an NFT.' : state === MINTING ? 'Minting as an NFT.' : null;

function PublicCollection({ detail }: { detail: CollectionDetailResponse }) {
  const { info, data: plots } = detail;
  const ids = useMemo(() => plots.map((p) => p.cell_id), [plots]);
  const state = stateWords(info.state);
  return (
    <>
      <h1>Land in the collection: {info.name}</h1>
      <p data-testid="collection-owner">
        Owner: <strong>{info.owner}</strong> · {plotsCount(info.total)}
        {state && ` · ${state}`}
      </p>
      <div className="land-page__layout">
        <div className="land-panel">
          {plots.length === 0 ? (
            <p className="land-muted">This collection holds no land yet.</p>
          ) : (
            <PlotTable caption={`Plots in ${info.name}`} plots={plots} />
          )}
        </div>
        <div className="land-page__map">
          <LazyLandMap mode="view" label={`Map of ${info.name}`} focusCells={ids} />
        </div>
      </div>
    </>
  );
}
