import { withSize } from '@starport/schemas/images';
import { Link, useParams } from 'react-router';
import { BuyNow } from '../../features/checkout/components/buy-now.tsx';
import { LegendarySection } from '../../features/catalogue/components/legendary-section.tsx';
import { PriceHistory } from '../../features/catalogue/components/price-history.tsx';
import { ShipProfile } from '../../features/catalogue/components/ship-profile.tsx';
import { paths } from '../../config/paths.ts';
import { formatPrice } from '../../lib/format.ts';
import { useShopItem } from '../../features/shop/api/get-shop-item.ts';
import { elementName, rarityName, stockLabel } from '../../features/shop/components/ship-names.ts';
import { ItemPageError, ItemPageLoading } from './listing-sections.tsx';
import './shop-item-page.css';

/** /shop/{id}: one ship of the shop, laid out like the marketplace ship page (storefront.md §2). */
export default function ShopItemPage() {
  const { id = '' } = useParams();
  const query = useShopItem(id);

  if (query.isPending) return <ItemPageLoading label="Loading the ship…" />;
  if (query.isError) {
    return (
      <ItemPageError
        title="This ship could not be loaded"
        error={query.error}
        back={{ href: paths.shop.getHref(), label: 'Back to the shop' }}
      />
    );
  }
  const shopItem = query.data.item;
  const { item } = shopItem;
  const soldOut = shopItem.soldout || shopItem.stock <= 0;

  return (
    <div className="page shop-item">
      <nav aria-label="Breadcrumbs" className="shop-item__crumbs">
        <Link to={paths.home.getHref()}>Home</Link> › <Link to={paths.shop.getHref()}>Shop</Link> ›{' '}
        <span aria-current="page">{shopItem.name}</span>
      </nav>
      <div className="shop-item__layout">
        <img
          className="shop-item__image"
          src={withSize(shopItem.image, '800x800')}
          alt={shopItem.name}
          width={800}
          height={800}
        />
        <div className="stack">
          <h1>{shopItem.name}</h1>
          <ShipProfile
            item={item}
            element={elementName(shopItem.element, item.element_name)}
            rarity={rarityName(shopItem.rarity, item.rarity_name)}
          >
            <p
              className={soldOut ? 'shop-item__stock shop-item__stock--out' : 'shop-item__stock'}
              data-testid="shop-item-stock"
            >
              {stockLabel(shopItem.stock, shopItem.soldout)}
            </p>
          </ShipProfile>
          <section aria-label="Price">
            <p className="shop-item__price">{formatPrice(shopItem.sell_price)}</p>
            <BuyNow
              unavailable={soldOut ? 'This ship is sold out.' : null}
              checkout={{ id: shopItem._id, object: 'spaceship', name: shopItem.name, sell_price: shopItem.sell_price }}
            />
          </section>
        </div>
      </div>
      <LegendarySection item={item} name={shopItem.name} />
      <section className="shop-item__history" aria-labelledby="price-history-title">
        <h2 id="price-history-title">Price History</h2>
        <PriceHistory points={shopItem.price_history} />
      </section>
    </div>
  );
}
