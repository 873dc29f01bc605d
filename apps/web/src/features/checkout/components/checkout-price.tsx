import { messageOf } from '../../../lib/api-error.ts';
import { formatPrice } from '../../../lib/format.ts';
import type { useCartPrice } from '../../../lib/cart-price.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { topUpTotalOf, type CheckoutPurchase } from '../model/checkout-purchase.ts';

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * The total the server will charge, with the volume discount and the struck listed price when
 * there is one. A single item shows its listed sale price until the server's figure arrives.
 * A marketplace listing is charged its sale price, one item with no discount: that figure. A
 * land-credit top-up is its credits at the terms' price per credit.
 */
export function CheckoutPrice({
  purchase,
  price,
}: {
  purchase: CheckoutPurchase;
  price: ReturnType<typeof useCartPrice>;
}) {
  if (purchase.kind === 'listing' || purchase.kind === 'land_credit') {
    const total = purchase.kind === 'listing' ? purchase.listing.sell_price : topUpTotalOf(purchase);
    return (
      <p className="checkout__price" data-testid="checkout-price">
        <strong>{formatPrice(total)}</strong>
      </p>
    );
  }
  if (price.isError) {
    // Spec §8 "Price fetch error": title Sorry with the server's message.
    return (
      <Alert tone="error" title="Sorry">
        <p>{messageOf(price.error)}</p>
        <Button variant="secondary" onClick={() => void price.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const summary = price.data && !price.isPlaceholderData ? price.data.data : null;
  if (!summary) {
    return purchase.kind === 'item' ? (
      <p className="checkout__price" data-testid="checkout-price" aria-busy="true">
        <strong>{formatPrice(purchase.item.sell_price)}</strong> <span className="muted">checking…</span>
      </p>
    ) : (
      <Spinner label="Checking prices…" />
    );
  }
  return (
    <div className="checkout__price-block">
      {summary.discountPercent > 0 && (
        <p className="checkout__discount" data-testid="checkout-discount">
          Volume discount ({percent.format(summary.discountPercent)}%): −{formatPrice(summary.discount)}
        </p>
      )}
      <p className="checkout__price" data-testid="checkout-price">
        {summary.basePrice > summary.priceTotal && (
          <s className="checkout__listed">
            <span className="sr-only">Listed price </span>
            {formatPrice(summary.basePrice)}
          </s>
        )}{' '}
        <strong>{formatPrice(summary.priceTotal)}</strong>
      </p>
    </div>
  );
}
