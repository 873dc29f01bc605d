import type { MarketplaceItemDetail } from '@starport/schemas';
import { Link } from 'react-router';
import { BuyNow } from '../../features/checkout/components/buy-now.tsx';
import { PriceHistory } from '../../features/catalogue/components/price-history.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatPrice } from '../../lib/format.ts';

/**
 * The pieces every item page shares (a marketplace ship or DNC pack, a shop ship): how it
 * looks while loading or when it cannot be loaded, and a listing's price with BUY NOW and its
 * sales history. The pages differ in what they show of the item, not in these.
 */

export function ItemPageLoading({ label }: { label: string }) {
  return (
    <div className="page">
      <Spinner label={label} />
    </div>
  );
}

export function ItemPageError({ title, error, back }: { title: string; error: Error; back: { href: string; label: string } }) {
  return (
    <div className="page">
      <Alert tone="error" title={title}>
        {error.message}
      </Alert>
      <Link to={back.href}>{back.label}</Link>
    </div>
  );
}

/** The listing's price and BUY NOW; `goneText` is what a listing no longer for sale says. */
export function ListingBuySection({ listing, goneText }: { listing: MarketplaceItemDetail; goneText: string }) {
  return (
    <section aria-label="Price">
      <p className="ship-detail__price">{formatPrice(listing.sell_price)}</p>
      <BuyNow
        unavailable={listing.status === 'listed' ? null : goneText}
        listing={{ id: listing._id, name: listing.name, sell_price: listing.sell_price }}
      />
    </section>
  );
}

export function ListingPriceHistory({ listing }: { listing: MarketplaceItemDetail }) {
  return (
    <section className="ship-detail__history" aria-labelledby="price-history-title">
      <h2 id="price-history-title">Price History</h2>
      <PriceHistory points={listing.price_history} />
    </section>
  );
}
