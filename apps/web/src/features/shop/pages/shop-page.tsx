import { FilterPanel, type FilterOption } from '../../../components/catalogue/filter-panel.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
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
const RARITY_OPTIONS: FilterOption[] = [
  { value: 'common', label: 'Common' },
  { value: 'rare', label: 'Rare' },
  { value: 'epic', label: 'Epic' },
  { value: 'legendary', label: 'Legendary' },
];

const countFormat = new Intl.NumberFormat('en-US');

/** /shop: the blind-box promo, then the shop's ships; filters live in the URL. */
export default function ShopPage() {
  const { filters, update } = useListFilters();
  const query = useShopFind(filters);
  const data = query.data;
  const heading = data
    ? `Shop · ${data.total_capped ? 'over ' : ''}${countFormat.format(data.total)} item${data.total === 1 ? '' : 's'}`
    : 'Shop';

  return (
    <div className="page shop-page">
      <h1>{heading}</h1>
      <BlindBoxPromo />
      <div className="shop-page__layout">
        <FilterPanel filters={filters} elements={ELEMENT_OPTIONS} rarities={RARITY_OPTIONS} onChange={update} />
        <section aria-label="Items" aria-busy={query.isFetching || undefined}>
          {query.isError && (
            <Alert tone="error" title="The shop could not be loaded">
              {query.error.message}
            </Alert>
          )}
          {query.isPending && <SkeletonGrid />}
          {data && data.data.length === 0 && (
            <p className="shop-page__empty">No ships in the shop match these filters. Try a wider price range or fewer filters.</p>
          )}
          {data && data.data.length > 0 && (
            <div className="shop-page__grid">
              {data.data.map((shopItem) => (
                <ShopCard key={shopItem._id} shopItem={shopItem} />
              ))}
            </div>
          )}
          {data && (
            <Pagination page={filters.page} total={data.total} limit={SHOP_PAGE_SIZE} onPageChange={(page) => update({ page })} />
          )}
        </section>
      </div>
    </div>
  );
}

function SkeletonGrid() {
  return (
    <div className="shop-page__grid" aria-hidden="true" data-testid="shop-skeleton">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="shop-page__skeleton" />
      ))}
    </div>
  );
}
