import { CartBar } from '../../../components/cart/cart-bar.tsx';
import { CartPanel } from '../../../components/cart/cart-panel.tsx';
import { CatalogueList } from '../../../components/catalogue/catalogue-list.tsx';
import type { FilterOption } from '../../../components/catalogue/filter-panel.tsx';
import { useListFilters } from '../../../lib/list-filters.ts';
import { SHOP_PAGE_SIZE, useShopFind } from '../api/find-shop.ts';
import { BlindBoxPromo } from '../components/blind-box-promo.tsx';
import { ShopCard } from '../components/shop-card.tsx';
import './shop-page.css';

/** The shop sells ships only: the marketplace filters without DNC (storefront.md §2). */
const ELEMENT_OPTIONS: FilterOption[] = [
  { value: 'ai', label: 'AI' },
  { value: 'alien', label: 'Alien' },
  { value: 'human', label: 'Human' },
];

/**
 * Above the list: the promo and the cart panel side by side; on narrow screens the panel folds
 * into a one-row bar that opens it, so the ships stay on the first screen.
 */
function ShopLead() {
  return (
    <div className="shop-lead">
      <BlindBoxPromo />
      <CartBar className="shop-lead__bar" />
      <div className="shop-lead__cart card">
        <CartPanel />
      </div>
    </div>
  );
}

/** /shop: the blind-box promo and the cart, then the shop's ships; filters live in the URL. */
export default function ShopPage() {
  const { filters, update } = useListFilters();
  const query = useShopFind(filters);
  return (
    <CatalogueList
      title="Shop"
      lead={<ShopLead />}
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
