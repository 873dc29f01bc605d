import type { MyListing } from '@starport/schemas';
import { MY_ASSETS_PAGE_SIZE } from '@starport/schemas/my-assets-rules';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { useMyListings } from '../api/get-my-listings.ts';
import { useProceeds } from '../api/get-proceeds.ts';
import { CancelListingDialog } from '../components/cancel-listing-dialog.tsx';
import { ChangePriceDialog } from '../components/change-price-dialog.tsx';
import { ListingsTable } from '../components/listings-table.tsx';
import { MyAssetsNav } from '../components/my-assets-nav.tsx';
import { SuccessNotice } from '../../../components/ui/success-notice.tsx';
import { ProceedsTable } from '../components/proceeds-table.tsx';
import { formatMicro } from '../model/labels.ts';
import './my-assets.css';

const VIEWS = [
  { key: 'active', label: 'On sale' },
  { key: 'sold', label: 'Sold' },
  { key: 'proceeds', label: 'Proceeds' },
] as const;
type View = (typeof VIEWS)[number]['key'];

const viewOf = (value: string | null): View => VIEWS.find((v) => v.key === value)?.key ?? 'active';
const pageOf = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** The view's address: ?view= (none for the default) and ?page= (none for the first). */
const searchOf = (view: View, page = 1): string => {
  const params = new URLSearchParams();
  if (view !== 'active') params.set('view', view);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * /my-assets/spaceships-selling: what the player has on sale (ships and DNC) with Change price
 * and Cancel listing, what sold, and the proceeds with their total. The view and its page are
 * in the URL, so one pager is on screen at a time.
 */
export default function SellingPage() {
  const [search, setSearch] = useSearchParams();
  const view = viewOf(search.get('view'));
  const page = pageOf(search.get('page'));
  const [notice, setNotice] = useState<string | null>(null);
  const goTo = (next: number) => setSearch(new URLSearchParams(searchOf(view, next)));

  return (
    <div className="page my-assets">
      <h1>Ships and DNC on sale</h1>
      <MyAssetsNav />
      <SuccessNotice className="my-assets__notice" message={notice} onDismiss={() => setNotice(null)} />
      <nav className="my-assets-views" aria-label="Listings">
        <ul>
          {VIEWS.map((v) => (
            <li key={v.key}>
              <Link
                to={{ search: searchOf(v.key) }}
                aria-current={v.key === view ? 'page' : undefined}
                className="my-assets-views__link"
              >
                {v.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === 'proceeds' ? (
        <ProceedsView page={page} onPage={goTo} />
      ) : (
        <ListingsView status={view} page={page} onPage={goTo} onNotice={setNotice} />
      )}
    </div>
  );
}

type ListingsViewProps = {
  status: 'active' | 'sold';
  page: number;
  onPage: (page: number) => void;
  onNotice: (msg: string) => void;
};

function ListingsView({ status, page, onPage, onNotice }: ListingsViewProps) {
  const query = useMyListings(status, page);
  const [repricing, setRepricing] = useState<MyListing | null>(null);
  const [cancelling, setCancelling] = useState<MyListing | null>(null);
  const active = status === 'active';
  const title = active ? 'On sale now' : 'Sold';

  let body;
  if (query.isError) body = <LoadError title="Your listings could not be loaded" query={query} />;
  else if (!query.data) body = <LoadingBlock label="Loading your listings…" />;
  else if (query.data.total === 0)
    body = (
      <p className="my-assets-muted">{active ? 'You have nothing on sale.' : 'Nothing you listed has sold yet.'}</p>
    );
  else
    body = (
      <>
        <ListingsTable
          caption={title}
          listings={query.data.data}
          onChangePrice={active ? setRepricing : undefined}
          onCancel={active ? setCancelling : undefined}
        />
        <Pagination
          page={page}
          total={query.data.total}
          limit={query.data.limit || MY_ASSETS_PAGE_SIZE}
          onPageChange={onPage}
        />
      </>
    );

  return (
    <section aria-labelledby="listings-title" aria-busy={query.isFetching || undefined}>
      <h2 id="listings-title">{title}</h2>
      {body}
      <ChangePriceDialog listing={repricing} onClose={() => setRepricing(null)} onChanged={onNotice} />
      <CancelListingDialog listing={cancelling} onClose={() => setCancelling(null)} onCancelled={onNotice} />
    </section>
  );
}

function ProceedsView({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const query = useProceeds(page);
  let body;
  if (query.isError) body = <LoadError title="Your proceeds could not be loaded" query={query} />;
  else if (!query.data) body = <LoadingBlock label="Loading your proceeds…" />;
  else
    body = (
      <>
        <p className="my-assets-proceeds-total">
          Total received: <strong data-testid="proceeds-total">{formatMicro(query.data.proceeds_micro)}</strong>
          <span className="my-assets-muted"> (after {formatMicro(query.data.fees_micro)} of marketplace fees)</span>
        </p>
        {query.data.total === 0 ? (
          <p className="my-assets-muted">You have not sold anything yet.</p>
        ) : (
          <>
            <ProceedsTable entries={query.data.data} />
            <Pagination
              page={page}
              total={query.data.total}
              limit={query.data.limit || MY_ASSETS_PAGE_SIZE}
              onPageChange={onPage}
            />
          </>
        )}
      </>
    );
  return (
    <section aria-labelledby="proceeds-title" aria-busy={query.isFetching || undefined}>
      <h2 id="proceeds-title">Proceeds</h2>
      {body}
    </section>
  );
}
