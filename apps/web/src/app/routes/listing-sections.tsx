import type { MarketplaceItemDetail } from '@starport/schemas';
import { Link } from 'react-router';
import { BuyNow } from '../../features/checkout/components/buy-now.tsx';
import { PriceHistory } from '../../features/catalogue/components/price-history.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatPrice } from '../../lib/format.ts';
import { ContinuePayment } from '../../features/checkout/components/continue-payment.tsx';
import { formatDateTime } from '../../lib/format.ts';

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

/**
 * Why a listing cannot be bought now, or null when it can. A reserved one says when it comes
 * back if its buyer does not pay, instead of "no longer for sale".
 */
export function listingUnavailableText(listing: MarketplaceItemDetail, goneText: string): string | null {
  if (listing.status === 'listed') return null;
  if (listing.status === 'reserved' && listing.reservation)
    return `Reserved: another player is paying for it. If they do not, it is for sale again after ${formatDateTime(listing.reservation.until)}.`;
  return goneText;
}

/**
 * The listing's price and BUY NOW; `goneText` is what a listing no longer for sale says. Its
 * buyer, while their order holds it, is offered Continue payment for that order instead.
 */
export function ListingBuySection({ listing, goneText }: { listing: MarketplaceItemDetail; goneText: string }) {
  const mine = listing.status === 'reserved' ? listing.reservation?.order : null;
  return (
    <section aria-label="Price">
      <p className="ship-detail__price">{formatPrice(listing.sell_price)}</p>
      {mine ? (
        <ReservedForYou listing={listing} order={mine} />
      ) : (
        <BuyNow
          unavailable={listingUnavailableText(listing, goneText)}
          listing={{
            id: listing._id,
            name: listing.name,
            sell_price: listing.sell_price,
            sell_price_micro: listing.sell_price_micro,
          }}
        />
      )}
    </section>
  );
}

/** The buyer's own reservation: until when it holds, and Continue payment of that same order. */
export function ReservedForYou({ listing, order }: { listing: MarketplaceItemDetail; order: string }) {
  const line = {
    object: 'listing' as const,
    id: listing._id,
    name: listing.name,
    total: 1,
    sell_price: listing.sell_price,
    sell_price_micro: listing.sell_price_micro,
  };
  return (
    <div className="stack" data-testid="reserved-for-you">
      <p className="muted">
        Reserved for you (order {order}) until {formatDateTime(listing.reservation!.until)}. Pay before then to buy it.
      </p>
      <ContinuePayment order={{ code: order, lines: [line] }} />
    </div>
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
