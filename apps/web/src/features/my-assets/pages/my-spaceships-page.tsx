import type { MyAsset } from '@starport/schemas';
import { MY_ASSETS_PAGE_SIZE } from '@starport/schemas/my-assets-rules';
import { useMemo, useState, type ReactNode } from 'react';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { checkListFilters, type FilterProblems } from '../../../lib/list-filter-problems.ts';
import { useListFilters, type ListFilters } from '../../../lib/list-filters.ts';
import { useMyAssets } from '../api/get-my-assets.ts';
import { useRefreshMyAssets } from '../api/use-refresh-my-assets.ts';
import { AssetCard } from '../components/asset-card.tsx';
import { ListShipDialog } from '../components/list-ship-dialog.tsx';
import { WithdrawPiecesDialog } from '../components/withdraw-pieces-dialog.tsx';
import { MyAssetsNav } from '../components/my-assets-nav.tsx';
import { OwnsNothing } from '../components/owns-nothing.tsx';
import { SuccessNotice } from '../../../components/ui/success-notice.tsx';
import { FILTER_CHOICES } from '../model/asset-filters.ts';
import { canConvert } from '../model/labels.ts';
import './my-assets.css';

/** What the page hands the filter panel it is given (the catalogue's, composed in app/routes). */
export type FiltersSlot = (props: {
  filters: ListFilters;
  problems: FilterProblems;
  onChange: (change: Partial<ListFilters>) => void;
}) => ReactNode;

/**
 * What the page hands the "Convert to NFT" it is given (the checkout's, composed in app/routes):
 * the ship, whether it may be converted now (the button shows only then; a payment under way
 * stays open while the ship locks), and what to call when its state changed on the server.
 */
export type ConvertSlot = (props: {
  ship: { id: string; name: string };
  convertible: boolean;
  onChanged: () => void;
}) => ReactNode;

const hasFilters = (f: ListFilters) => f.element.length + f.rarity.length > 0 || Boolean(f.priceFrom || f.priceTo);

/**
 * /my-assets/spaceships: the ships and unit pieces the player owns, 20 a page with a window of
 * ±8 pages, filtered by element, rarity and price paid, all in the URL. A free ship can be
 * listed for sale from its card, or converted to an NFT (`renderConvert`); while one is being
 * converted the list is read again until it settles. Unit pieces can be withdrawn to the wallet.
 */
export default function MySpaceshipsPage({
  renderFilters,
  renderConvert,
}: {
  renderFilters: FiltersSlot;
  renderConvert?: ConvertSlot;
}) {
  const { filters, update } = useListFilters();
  // A filter the API would refuse is shown on its field and left out of the call: the list stays.
  const { usable, problems } = useMemo(() => checkListFilters(filters, FILTER_CHOICES), [filters]);
  const query = useMyAssets(usable);
  const [listing, setListing] = useState<MyAsset | null>(null);
  const [withdrawing, setWithdrawing] = useState<MyAsset | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = useRefreshMyAssets();

  let body;
  if (query.isPending) {
    body = <LoadingBlock label="Loading your ships…" />;
  } else if (query.isError) {
    body = <LoadError title="Your spaceships could not be loaded" query={query} />;
  } else if (query.data.total === 0) {
    body = hasFilters(usable) ? (
      <p className="my-assets-muted">
        None of your ships match these filters. Try a wider price range or fewer filters.
      </p>
    ) : (
      <OwnsNothing text="You do not own any ships or units yet." />
    );
  } else {
    body = (
      <>
        {query.data.data.length === 0 ? (
          <p className="my-assets-muted">Page {filters.page} is past the end of your list.</p>
        ) : (
          <div className="my-assets-grid">
            {query.data.data.map((asset) => (
              <AssetCard
                key={asset._id}
                asset={asset}
                onList={setListing}
                onWithdraw={setWithdrawing}
                convertAction={renderConvert?.({
                  ship: { id: asset._id, name: asset.name },
                  convertible: canConvert(asset),
                  onChanged: refresh,
                })}
              />
            ))}
          </div>
        )}
        <Pagination
          page={filters.page}
          total={query.data.total}
          limit={query.data.limit || MY_ASSETS_PAGE_SIZE}
          onPageChange={(page) => update({ page })}
        />
      </>
    );
  }

  return (
    <div className="page my-assets">
      <h1>My spaceships</h1>
      <MyAssetsNav />
      <SuccessNotice className="my-assets__notice" message={notice} onDismiss={() => setNotice(null)} />
      <div className="my-assets-layout">
        {renderFilters({ filters, problems, onChange: update })}
        <section aria-label="Your ships and units" aria-busy={query.isFetching || undefined}>
          {body}
        </section>
      </div>
      <ListShipDialog asset={listing} onClose={() => setListing(null)} onListed={setNotice} />
      <WithdrawPiecesDialog asset={withdrawing} onClose={() => setWithdrawing(null)} onQueued={setNotice} />
    </div>
  );
}
