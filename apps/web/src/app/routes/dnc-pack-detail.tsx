import { withSize } from '@starport/schemas/images';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import type { MarketplaceItemDetail } from '@starport/schemas';
import { ListingBuySection, ListingPriceHistory } from './listing-sections.tsx';

const amountFormat = new Intl.NumberFormat('en-US');

/**
 * A DNC pack on the marketplace (/detail/{id}): what the pack credits, its price and the price
 * history of packs of the same size. The ship page's layout and styles, without ship stats.
 */
export function DncPackDetail({ listing }: { listing: MarketplaceItemDetail }) {
  const { item } = listing;
  const amount = item.dnc_amount;
  return (
    <div className="page ship-detail">
      <nav aria-label="Breadcrumbs" className="ship-detail__crumbs">
        <Link to={paths.home.getHref()}>Home</Link> › <Link to={paths.market.getHref()}>Marketplace</Link> ›{' '}
        <span aria-current="page">{listing.name}</span>
      </nav>
      <div className="ship-detail__layout">
        <img className="ship-detail__image" src={withSize(item.image, '800x800')} alt={listing.name} width={800} height={800} />
        <div className="stack">
          <h1>{listing.name}</h1>
          <p className="ship-profile__tags">DNC pack</p>
          {item.description && <p>{item.description}</p>}
          {amount !== undefined && (
            <dl className="ship-stats" data-testid="dnc-amount">
              <div className="ship-stats__row" data-stat="dnc_amount">
                <dt>Credits your DNC balance with</dt>
                <dd>{amountFormat.format(amount)} DNC</dd>
              </div>
            </dl>
          )}
          <ListingBuySection listing={listing} goneText="This pack is no longer for sale." />
        </div>
      </div>
      <ListingPriceHistory listing={listing} />
    </div>
  );
}
