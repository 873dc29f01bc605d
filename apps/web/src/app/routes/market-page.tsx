import { CatalogueList } from '../../features/catalogue/components/catalogue-list.tsx';
import type { FilterOption } from '../../features/catalogue/components/filter-panel.tsx';
import { useListFilters } from '../../lib/list-filters.ts';
import { MARKET_PAGE_SIZE, useMarketplaceFind } from '../../features/marketplace/api/find-marketplace.ts';
import { ListingCard } from '../../features/marketplace/components/listing-card.tsx';

const ELEMENT_OPTIONS: FilterOption[] = [
  { value: 'dnc', label: 'DNC pack' },
  { value: 'ai', label: 'AI' },
  { value: 'alien', label: 'Alien' },
  { value: 'human', label: 'Human' },
];

/** /market and /market/list: filters live in the URL, so back and forward walk through them. */
export default function MarketPage() {
  const { filters, update } = useListFilters();
  const query = useMarketplaceFind(filters);
  return (
    <CatalogueList
      title="Marketplace"
      filters={filters}
      onChange={update}
      elements={ELEMENT_OPTIONS}
      query={query}
      limit={MARKET_PAGE_SIZE}
      errorTitle="The marketplace could not be loaded"
      emptyText="No items match these filters. Try a wider price range or fewer filters."
      renderItem={(listing) => <ListingCard key={listing._id} listing={listing} />}
    />
  );
}
