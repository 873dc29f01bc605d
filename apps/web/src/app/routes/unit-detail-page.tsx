import type { MarketplaceItemDetail } from '@starport/schemas';
import { withSize } from '@starport/schemas/images';
import { Link, Navigate, useParams } from 'react-router';
import { BuyNow } from '../../features/checkout/components/buy-now.tsx';
import { PriceHistory } from '../../features/catalogue/components/price-history.tsx';
import { formatMinted, unitTypeLabel } from '../../features/catalogue/model/unit-format.ts';
import { formatPrice } from '../../lib/format.ts';
import { UnitStats } from '../../features/catalogue/components/unit-stats.tsx';
import { useHouseTypes } from '../../features/catalogue/api/get-house-types.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError, messageOf } from '../../lib/api-error.ts';
import { useMarketplaceItem } from '../../features/marketplace/api/get-marketplace-item.ts';
import { UnitBlockchain } from '../../features/marketplace/components/unit-blockchain.tsx';
import { UnitCard } from '../../features/catalogue/components/unit-card.tsx';
import { UnitDetailSkeleton } from '../../features/marketplace/components/unit-detail-skeleton.tsx';
import { UnitSection } from '../../features/marketplace/components/unit-section.tsx';
import { UnitTraits } from '../../features/catalogue/components/unit-traits.tsx';
import { listingUnavailableText, ReservedForYou } from './listing-sections.tsx';
import './unit-detail-page.css';

const listedOn = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/**
 * /market/{id}: one container-house unit on the marketplace. Ships and DNC packs have their
 * own page, so a link to one of them here is sent on to /detail/{id}.
 */
export default function UnitDetailPage() {
  const { id = '' } = useParams();
  const query = useMarketplaceItem(id);

  if (query.isPending) return <UnitDetailSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotForSale />;
    return (
      <div className="page">
        <Alert tone="error" title="This unit could not be loaded">
          <p>{messageOf(query.error)}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      </div>
    );
  }
  const listing = query.data.item;
  if (listing.kind !== 'house_unit') return <Navigate to={paths.shipDetail.getHref(listing._id)} replace />;
  return <UnitDetail listing={listing} />;
}

function UnitDetail({ listing }: { listing: MarketplaceItemDetail }) {
  const { item, collection } = listing;
  const types = useHouseTypes();
  const title = unitTypeLabel(item.name, item.apart_label);
  const mine = listing.status === 'reserved' ? listing.reservation?.order : null;
  const history = listing.type_price_history ?? listing.price_history;
  return (
    <div className="page unit-detail">
      <nav aria-label="Breadcrumbs" className="unit-detail__crumbs">
        <Link to={paths.home.getHref()}>Home</Link> › <Link to={paths.market.getHref()}>Marketplace</Link> ›{' '}
        <span aria-current="page">{listing.name}</span>
      </nav>

      <header className="unit-detail__header">
        {collection && <p className="unit-detail__collection">{collection.name}</p>}
        <h1>{title}</h1>
        <p className="muted">{listing.name}</p>
        <ul className="unit-detail__tags" aria-label="Token">
          <li>{collection?.token_standard ?? 'ERC1155'}</li>
          {collection && <li>{collection.chain.toUpperCase()}</li>}
        </ul>
        {item.minted_pieces !== undefined && item.total_pieces !== undefined && (
          <p className="unit-detail__minted" data-field="minted">
            {formatMinted(item.minted_pieces, item.total_pieces)} pieces minted
          </p>
        )}
      </header>

      <div className="unit-detail__layout">
        <div className="stack">
          <img className="unit-detail__image" src={withSize(item.image, '800x800')} alt={`${title}, ${listing.name}`} width={800} height={800} />
          <UnitStats figures={item} />
        </div>
        <section className="unit-detail__buy card stack" aria-label="Price">
          <p className="unit-detail__buy-label muted">Buy For</p>
          <p className="unit-detail__price">{formatPrice(listing.sell_price)}</p>
          {listing.price > listing.sell_price && (
            <p className="muted">
              Listed at <s>{formatPrice(listing.price)}</s>
            </p>
          )}
          <p className="muted">
            On the marketplace since <time dateTime={listing.listed_at}>{listedOn(listing.listed_at)}</time>
          </p>
          {mine ? (
            <ReservedForYou listing={listing} order={mine} />
          ) : (
            <BuyNow
              unavailable={listingUnavailableText(listing, 'This unit is no longer for sale.')}
              listing={{
                id: listing._id,
                name: `${title}, ${listing.name}`,
                sell_price: listing.sell_price,
                sell_price_micro: listing.sell_price_micro,
              }}
            />
          )}
        </section>
      </div>

      <div className="unit-detail__sections">
        <UnitSection title="Traits">
          <UnitTraits listing={listing} types={types.data?.data} />
        </UnitSection>
        <UnitSection title="Price History">
          <p className="muted">
            Sales of {item.name} pieces across {item.apart_label?.replace('Apart', 'apartments') ?? 'its apartments'}.
          </p>
          <PriceHistory points={history} />
        </UnitSection>
        <UnitSection title="About">
          <AboutUnits />
        </UnitSection>
        <UnitSection title="Blockchain Details">
          <UnitBlockchain collection={collection} />
        </UnitSection>
        <UnitSection title="More From This Collection">
          {listing.more_from_collection.length === 0 ? (
            <p className="muted">No other units are for sale right now.</p>
          ) : (
            <ul className="unit-detail__more">
              {listing.more_from_collection.map((other) => (
                <li key={other._id}>
                  <UnitCard listing={other} />
                </li>
              ))}
            </ul>
          )}
        </UnitSection>
      </div>
    </div>
  );
}

function AboutUnits() {
  return (
    <div className="unit-detail__about">
      <p>
        Container houses are the homes of Starport: stacked apartments where crews rest between runs. Every apartment is rented out in
        the game, and the rent goes to the players who hold its pieces.
      </p>
      <p>
        Each apartment is split into ERC1155 pieces. Hold one and you earn your share of the rent at the APR shown for its type, for
        as long as you keep it. Bigger types have more room, more rooms and more tenants, and are split into more pieces.
      </p>
      <p>Pieces are yours on chain: keep them to earn, or list them on the marketplace when you want to move on.</p>
    </div>
  );
}

function NotForSale() {
  return (
    <div className="page page--narrow">
      <section className="card stack" aria-labelledby="unit-missing-title">
        <h1 id="unit-missing-title">This item is not for sale</h1>
        <p className="muted">We could not find this listing. It may have been taken off the marketplace, or the link is wrong.</p>
        <div>
          <Link className={buttonClass('primary')} to={paths.market.getHref()}>
            Browse the marketplace
          </Link>
        </div>
      </section>
    </div>
  );
}
