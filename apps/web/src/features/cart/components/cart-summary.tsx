import type { GetPriceResponse } from '@starport/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { deleteFromCart, type CartItem } from '../../../lib/cart-store.ts';
import { formatPrice } from '../../../lib/format.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { lineNamedIn } from '../../../lib/cart-price.ts';

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

type CartSummaryProps = { items: CartItem[]; price: UseQueryResult<GetPriceResponse> };

/**
 * The price summary exactly as POST /api/getprice computed it: subtotal, volume discount,
 * total (the listed total struck through when it is higher), and how far the next tier is.
 */
export function CartSummary({ items, price }: CartSummaryProps) {
  if (price.isError) return <PriceError items={items} error={price.error} onRetry={() => void price.refetch()} />;
  if (!price.data) return <Spinner label="Checking prices…" />;
  const s = price.data.data;
  // Figures of the previous cart stay up while the new one is priced; say so, and dim them.
  const stale = price.isPlaceholderData;
  return (
    <div className="cart-summary" data-testid="cart-summary" aria-busy={stale || undefined} data-stale={stale || undefined}>
      <dl className="cart-summary__rows">
        <div data-row="subtotal">
          <dt>Subtotal ({plural(s.totalItems, 'item')})</dt>
          <dd>{formatPrice(s.totalsub)}</dd>
        </div>
        {s.discountPercent > 0 && (
          <div data-row="discount">
            <dt>Volume discount ({percent.format(s.discountPercent)}%)</dt>
            <dd>−{formatPrice(s.discount)}</dd>
          </div>
        )}
        <div data-row="total" className="cart-summary__total">
          <dt>Total</dt>
          <dd>
            {s.basePrice > s.priceTotal && (
              <s className="cart-summary__listed">
                <span className="sr-only">Listed total </span>
                {formatPrice(s.basePrice)}
              </s>
            )}{' '}
            <strong>{formatPrice(s.priceTotal)}</strong>
          </dd>
        </div>
      </dl>
      {s.missingCount > 0 && (
        <p className="cart-summary__nudge" data-testid="cart-nudge">
          Add {plural(s.missingCount, 'more item')} to get {percent.format(s.nextDiscount)}% off
        </p>
      )}
    </div>
  );
}

/**
 * Spec §8 "Price fetch error": title Sorry and the server's msg. A 404 names a line we no
 * longer sell; pricing cannot go on with it, so its removal is offered right there.
 */
function PriceError({ items, error, onRetry }: { items: CartItem[]; error: Error; onRetry: () => void }) {
  const goneItem = isApiError(error) && error.status === 404 ? lineNamedIn(error.msg, items) : null;
  return (
    <Alert tone="error" title="Sorry" className="cart-summary__error">
      <p>{messageOf(error)}</p>
      {goneItem ? (
        <Button variant="secondary" onClick={() => deleteFromCart(goneItem)}>
          Remove {goneItem.name}
        </Button>
      ) : (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
