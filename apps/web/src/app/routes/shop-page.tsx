import { AddToCartButton } from '../../features/cart/components/add-to-cart-button.tsx';
import { CartBar } from '../../features/cart/components/cart-bar.tsx';
import { CatalogueList, RARITY_OPTIONS } from '../../features/catalogue/components/catalogue-list.tsx';
import type { FilterOption } from '../../features/catalogue/components/filter-panel.tsx';
import { SHOP_PAGE_SIZE, useShopFind } from '../../features/shop/api/find-shop.ts';
import { BlindBoxPromo } from '../../features/shop/components/blind-box-promo.tsx';
import { CartCheckoutButton } from '../../features/checkout/components/checkout-button.tsx';
import { ShopCard } from '../../features/shop/components/shop-card.tsx';
import { useMemo } from 'react';
import { checkListFilters } from '../../lib/list-filter-problems.ts';
import { useListFilters } from '../../lib/list-filters.ts';
import { CartPanelWithCheckout } from '../cart-checkout/cart-checkout.tsx';
import './shop-page.css';

/** The shop sells ships only: the marketplace filters without DNC (storefront.md §2). */
const ELEMENT_OPTIONS: FilterOption[] = [
  { value: 'ai', label: 'AI' },
  { value: 'alien', label: 'Alien' },
  { value: 'human', label: 'Human' },
];

const CHOICES = { element: ELEMENT_OPTIONS.map((o) => o.value), rarity: RARITY_OPTIONS.map((o) => o.value) };

/**
 * Above the list: the promo and the cart panel side by side; on narrow screens the panel folds
 * into a one-row bar that opens it, so the ships stay on the first screen.
 */
function ShopLead() {
  return (
    <div className="shop-lead">
      <BlindBoxPromo AddToCart={AddToCartButton} />
      <CartBar className="shop-lead__bar" footer={<CartCheckoutButton />} />
      <div className="shop-lead__cart card">
        <CartPanelWithCheckout />
      </div>
    </div>
  );
}

/** /shop: the blind-box promo and the cart, then the shop's ships; filters live in the URL. */
export default function ShopPage() {
  const { filters, update } = useListFilters();
  // A filter the API would refuse shows on its field and is left out of the call (market-page.tsx).
  const { usable, problems } = useMemo(() => checkListFilters(filters, CHOICES), [filters]);
  const query = useShopFind(usable);
  return (
    <CatalogueList
      title="Shop"
      lead={<ShopLead />}
      filters={filters}
      problems={problems}
      onChange={update}
      elements={ELEMENT_OPTIONS}
      query={query}
      limit={SHOP_PAGE_SIZE}
      errorTitle="The shop could not be loaded"
      emptyText="No ships in the shop match these filters. Try a wider price range or fewer filters."
      renderItem={(shopItem) => <ShopCard key={shopItem._id} shopItem={shopItem} AddToCart={AddToCartButton} />}
    />
  );
}
