import type { ShopItem } from '@starport/schemas';
import { withSize } from '@starport/schemas/images';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatCardPrice } from '../../../lib/format.ts';
import type { NewCartItem } from '../../../lib/cart-store.ts';
import type { AddToCartSlot } from './add-to-cart-slot.ts';
import { elementName, rarityName, stockLabel } from './ship-names.ts';
import './shop-card.css';

/** The spec's cart item for a shop ship (storefront.md §3). */
export const shopCartItem = (s: ShopItem): NewCartItem => ({
  _id: s._id,
  object: s.object,
  code: s.code,
  name: s.name,
  image: s.image,
  rarity: s.rarity,
  type: s.type,
  sell_price: s.sell_price,
  price: s.price,
  soldout: s.soldout || s.stock <= 0,
});

/**
 * A ship for sale in the shop: picture, name, element · rarity, price in whole dollars, stock,
 * Add to cart. As on the marketplace's cards, the picture is decorative so the link reads the
 * name once, and the name is an h2: the promo and the cart beside the list are not its parents.
 */
export function ShopCard({ shopItem, AddToCart }: { shopItem: ShopItem; AddToCart: AddToCartSlot }) {
  const { item } = shopItem;
  const soldOut = shopItem.soldout || shopItem.stock <= 0;
  const tags = [elementName(shopItem.element, item.element_name), rarityName(shopItem.rarity, item.rarity_name)];
  return (
    <article className={`shop-card shop-card--r${shopItem.rarity}${soldOut ? ' shop-card--soldout' : ''}`} data-testid="shop-card">
      <Link to={paths.shopItem.getHref(shopItem._id)} className="shop-card__link">
        <img src={withSize(shopItem.image, '300x300')} alt="" width={300} height={300} loading="lazy" />
        <h2 className="shop-card__name">{shopItem.name}</h2>
      </Link>
      <p className="shop-card__tags">{tags.filter(Boolean).join(' · ')}</p>
      <p className="shop-card__price">{formatCardPrice(shopItem.sell_price)}</p>
      <p className={soldOut ? 'shop-card__stock shop-card__stock--out' : 'shop-card__stock'}>
        {stockLabel(shopItem.stock, shopItem.soldout)}
      </p>
      <AddToCart item={shopCartItem(shopItem)} disabled={soldOut} variant="secondary" className="shop-card__add" />
    </article>
  );
}
