import { withSize } from '@starport/schemas/images';
import { Link, Navigate, useParams } from 'react-router';
import { BuyNow } from '../../features/checkout/components/buy-now.tsx';
import { LegendarySection } from '../../features/catalogue/components/legendary-section.tsx';
import { PriceHistory } from '../../features/catalogue/components/price-history.tsx';
import { ShipProfile } from '../../features/catalogue/components/ship-profile.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { formatPrice } from '../../lib/format.ts';
import { useMarketplaceItem } from '../../features/marketplace/api/get-marketplace-item.ts';
import { DncPackDetail } from './dnc-pack-detail.tsx';
import './ship-detail-page.css';

/**
 * /detail/{id} and /item/{id}: one spaceship (or DNC pack) listed on the marketplace. A unit
 * has its own page, /market/{id}, and is sent there.
 */
export default function ShipDetailPage() {
  const { id = '' } = useParams();
  const query = useMarketplaceItem(id);

  if (query.isPending)
    return (
      <div className="page">
        <Spinner label="Loading the ship…" />
      </div>
    );
  if (query.isError) {
    return (
      <div className="page">
        <Alert tone="error" title="This ship could not be loaded">
          {query.error.message}
        </Alert>
        <Link to={paths.market.getHref()}>Back to the marketplace</Link>
      </div>
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
          <section aria-label="Price">
            <p className="ship-detail__price">{formatPrice(listing.sell_price)}</p>
            <BuyNow
              unavailable={listing.status === 'listed' ? null : 'This ship is no longer for sale.'}
              listing={{ id: listing._id, name: listing.name, sell_price: listing.sell_price }}
            />
          </section>
        </div>
      </div>
      <LegendarySection item={item} name={listing.name} />
      <section className="ship-detail__history" aria-labelledby="price-history-title">
        <h2 id="price-history-title">Price History</h2>
        <PriceHistory points={listing.price_history} />
      </section>
    </div>
  );
}
