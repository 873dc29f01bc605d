import { withSize } from '@starport/schemas/images';
import { Link, Navigate, useParams } from 'react-router';
import { LegendarySection } from '../../features/catalogue/components/legendary-section.tsx';
import { ShipProfile } from '../../features/catalogue/components/ship-profile.tsx';
import { paths } from '../../config/paths.ts';
import { useMarketplaceItem } from '../../features/marketplace/api/get-marketplace-item.ts';
import { DncPackDetail } from './dnc-pack-detail.tsx';
import { ItemPageError, ItemPageLoading, ListingBuySection, ListingPriceHistory } from './listing-sections.tsx';
import './ship-detail-page.css';

/**
 * /detail/{id} and /item/{id}: one spaceship (or DNC pack) listed on the marketplace. A unit
 * has its own page, /market/{id}, and is sent there.
 */
export default function ShipDetailPage() {
  const { id = '' } = useParams();
  const query = useMarketplaceItem(id);

  if (query.isPending) return <ItemPageLoading label="Loading the ship…" />;
  if (query.isError) {
    return (
      <ItemPageError
        title="This ship could not be loaded"
        error={query.error}
        back={{ href: paths.market.getHref(), label: 'Back to the marketplace' }}
      />
    );
  }
  const listing = query.data.item;
  const { item } = listing;
  if (listing.kind === 'house_unit') return <Navigate to={paths.marketItem.getHref(listing._id)} replace />;
  if (listing.kind === 'dnc') return <DncPackDetail listing={listing} />;

  return (
    <div className="page ship-detail">
      <nav aria-label="Breadcrumbs" className="ship-detail__crumbs">
        <Link to={paths.home.getHref()}>Home</Link> › <Link to={paths.market.getHref()}>Marketplace</Link> ›{' '}
        <span aria-current="page">{listing.name}</span>
      </nav>
      <div className="ship-detail__layout">
        <img
          className="ship-detail__image"
          src={withSize(item.image, '800x800')}
          alt={listing.name}
          width={800}
          height={800}
        />
        <div className="stack">
          <h1>{listing.name}</h1>
          <ShipProfile item={item} element={item.element_name ?? ''} rarity={item.rarity_name ?? ''} />
          <ListingBuySection listing={listing} goneText="This ship is no longer for sale." />
        </div>
      </div>
      <LegendarySection item={item} name={listing.name} />
      <ListingPriceHistory listing={listing} />
    </div>
  );
}
