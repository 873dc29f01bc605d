import { CatalogueList, RARITY_OPTIONS } from '../../features/catalogue/components/catalogue-list.tsx';
import type { FilterOption } from '../../features/catalogue/components/filter-panel.tsx';
import { useMemo } from 'react';
import { checkListFilters } from '../../lib/list-filter-problems.ts';
import { useListFilters } from '../../lib/list-filters.ts';
import { MARKET_PAGE_SIZE, useMarketplaceFind } from '../../features/marketplace/api/find-marketplace.ts';
import { ListingCard } from '../../features/marketplace/components/listing-card.tsx';

const ELEMENT_OPTIONS: FilterOption[] = [
  { value: 'dnc', label: 'DNC pack' },
  { value: 'ai', label: 'AI' },
  { value: 'alien', label: 'Alien' },
  { value: 'human', label: 'Human' },
];

/** Cards a wide screen shows before any scrolling (one row); their pictures load at once. */
const ABOVE_THE_FOLD = 4;

const CHOICES = { element: ELEMENT_OPTIONS.map((o) => o.value), rarity: RARITY_OPTIONS.map((o) => o.value) };

/**
 * /market and /market/list: filters live in the URL, so back and forward walk through them. A
 * filter the API would refuse is shown on its field and left out of the call: the list stays.
 */
export default function MarketPage() {
  const { filters, update } = useListFilters();
  const { usable, problems } = useMemo(() => checkListFilters(filters, CHOICES), [filters]);
  const query = useMarketplaceFind(usable);
  return (
    <CatalogueList
      title="Marketplace"
      filters={filters}
      problems={problems}
      onChange={update}
      elements={ELEMENT_OPTIONS}
      query={query}
      limit={MARKET_PAGE_SIZE}
      errorTitle="The marketplace could not be loaded"
      emptyText="No items match these filters. Try a wider price range or fewer filters."
      renderItem={(listing, index) => <ListingCard key={listing._id} listing={listing} aboveTheFold={index < ABOVE_THE_FOLD} />}
    />
  );
}
