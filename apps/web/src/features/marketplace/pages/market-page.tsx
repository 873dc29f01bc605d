import { Alert } from '../../../components/ui/alert.tsx';
import { FilterPanel, type FilterOption } from '../../../components/catalogue/filter-panel.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { useListFilters } from '../../../lib/list-filters.ts';
import { MARKET_PAGE_SIZE, useMarketplaceFind } from '../api/find-marketplace.ts';
import { ListingCard } from '../components/listing-card.tsx';
import './market-page.css';

const ELEMENT_OPTIONS: FilterOption[] = [
  { value: 'dnc', label: 'DNC pack' },
  { value: 'ai', label: 'AI' },
  { value: 'alien', label: 'Alien' },
  { value: 'human', label: 'Human' },
];
const RARITY_OPTIONS: FilterOption[] = [
  { value: 'common', label: 'Common' },
  { value: 'rare', label: 'Rare' },
  { value: 'epic', label: 'Epic' },
  { value: 'legendary', label: 'Legendary' },
];

const countFormat = new Intl.NumberFormat('en-US');

/** /market and /market/list: filters live in the URL, so back and forward walk through them. */
export default function MarketPage() {
  const { filters, update } = useListFilters();
  const query = useMarketplaceFind(filters);
  const data = query.data;
  const heading = data
    ? `Marketplace · ${data.total_capped ? 'over ' : ''}${countFormat.format(data.total)} item${data.total === 1 ? '' : 's'}`
    : 'Marketplace';

  return (
    <div className="page market-page">
      <h1>{heading}</h1>
      <div className="market-page__layout">
        <FilterPanel filters={filters} elements={ELEMENT_OPTIONS} rarities={RARITY_OPTIONS} onChange={update} />
        <section aria-label="Items" aria-busy={query.isFetching || undefined}>
          {query.isError && (
            <Alert tone="error" title="The marketplace could not be loaded">
              {query.error.message}
            </Alert>
          )}
          {query.isPending && <SkeletonGrid />}
          {data && data.data.length === 0 && (
            <p className="market-page__empty">No items match these filters. Try a wider price range or fewer filters.</p>
          )}
          {data && data.data.length > 0 && (
            <div className="market-page__grid">
              {data.data.map((listing) => (
                <ListingCard key={listing._id} listing={listing} />
              ))}
            </div>
          )}
          {data && (
            <Pagination page={filters.page} total={data.total} limit={MARKET_PAGE_SIZE} onPageChange={(page) => update({ page })} />
          )}
        </section>
      </div>
    </div>
  );
}

function SkeletonGrid() {
  return (
    <div className="market-page__grid" aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="market-page__skeleton" />
      ))}
    </div>
  );
}
