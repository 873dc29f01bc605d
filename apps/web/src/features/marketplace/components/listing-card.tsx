import type { MarketplaceItem } from '@starport/schemas';
import { withSize } from '@starport/schemas/images';
import { isWebRoute } from '@starport/schemas/web-routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatCardPrice } from '../../../lib/format.ts';
import './listing-card.css';

const RARITY_NAMES = ['Common', 'Rare', 'Epic', 'Legendary'];
const ELEMENT_NAMES = ['Human', 'AI', 'Alien'];

/**
 * Where a listing opens: ships and DNC packs on the detail page (/detail/{id}), units on the
 * unit page (/market/{id}).
 */
export const listingHref = (listing: MarketplaceItem): string =>
  listing.kind === 'house_unit' ? paths.marketItem.getHref(listing._id) : paths.shipDetail.getHref(listing._id);

/**
 * A ship, unit or DNC pack card: picture, name, what it is, and the price in whole dollars.
 * The picture says nothing the name beside it does not (alt=""), so the link reads the name
 * once; the name is an h2 under the list page's h1.
 *
 * Pictures load lazily, except on the cards a page shows before any scrolling (`aboveTheFold`):
 * the first of those is the page's largest paint, so they load at once and at high priority
 * instead of waiting for layout to find them (issue 21: LCP on /market).
 */
export function ListingCard({ listing, aboveTheFold = false }: { listing: MarketplaceItem; aboveTheFold?: boolean }) {
  const { item } = listing;
  const tags =
    listing.kind === 'ship'
      ? [ELEMENT_NAMES[item.element ?? -1], RARITY_NAMES[item.rarity ?? -1]]
      : listing.kind === 'house_unit'
        ? [item.apart_label ?? 'Container house']
        : ['DNC pack'];
  return (
    <article className={`listing-card listing-card--r${item.rarity ?? 'x'}`}>
      <MaybeLink href={listingHref(listing)}>
        <img
          src={withSize(item.image, '300x300')}
          alt=""
          width={300}
          height={300}
          loading={aboveTheFold ? 'eager' : 'lazy'}
          fetchPriority={aboveTheFold ? 'high' : 'auto'}
        />
        <h2 className="listing-card__name">{listing.name}</h2>
      </MaybeLink>
      <p className="listing-card__tags">{tags.filter(Boolean).join(' · ')}</p>
      <p className="listing-card__price">{formatCardPrice(listing.sell_price)}</p>
    </article>
  );
}

/** Links to the detail page once that page is registered (docs/decisions/0009); never to a 404. */
function MaybeLink({ href, children }: { href: string | null; children: ReactNode }) {
  if (!href || !isWebRoute(href)) return <div className="listing-card__link">{children}</div>;
  return (
    <Link to={href} className="listing-card__link">
      {children}
    </Link>
  );
}
