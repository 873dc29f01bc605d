import { CatalogueList } from '../../../components/catalogue/catalogue-list.tsx';
import type { FilterOption } from '../../../components/catalogue/filter-panel.tsx';
import { useListFilters } from '../../../lib/list-filters.ts';
import { SHOP_PAGE_SIZE, useShopFind } from '../api/find-shop.ts';
import { BlindBoxPromo } from '../components/blind-box-promo.tsx';
import { ShopCard } from '../components/shop-card.tsx';

/** The shop sells ships only: the marketplace filters without DNC (storefront.md §2). */
const ELEMENT_OPTIONS: FilterOption[] = [
  { value: 'ai', label: 'AI' },
  { value: 'alien', label: 'Alien' },
  { value: 'human', label: 'Human' },
];

/** /shop: the blind-box promo, then the shop's ships; filters live in the URL. */
export default function ShopPage() {
  const { filters, update } = useListFilters();
  const query = useShopFind(filters);
  return (
    <CatalogueList
      title="Shop"
      lead={<BlindBoxPromo />}
      filters={filters}
      onChange={update}
      elements={ELEMENT_OPTIONS}
      query={query}
      limit={SHOP_PAGE_SIZE}
      errorTitle="The shop could not be loaded"
      emptyText="No ships in the shop match these filters. Try a wider price range or fewer filters."
      renderItem={(shopItem) => <ShopCard key={shopItem._id} shopItem={shopItem} />}
    />
  );
}
