import type { BoxLineState, MyBlindBox, OrderLine } from '@starport/schemas';
import { withSize } from '@starport/schemas/images';
import { Link } from 'react-router';
import { BoxOpenings } from '../../../components/box-openings/box-openings.tsx';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format.ts';

const STATE_LABELS: Record<BoxLineState, string> = {
  awaiting_payment: 'Awaiting payment',
  opening: 'Being opened',
  opened: 'Opened',
  refunded: 'Refunded',
};

/** The shared reveal reads an order line: a box entry is one, seen from the box's side. */
const asOrderLine = (box: MyBlindBox): OrderLine => ({
  object: 'blindbox',
  id: `blindbox-${box.box.code}`,
  name: box.box.name,
  total: box.total,
  sell_price: box.sell_price ?? 0,
  sell_price_micro: box.sell_price_micro ?? '0',
  openings: box.openings,
});

/**
 * One order's boxes of one kind, or the boxes a redeem code gave: when and how they came,
 * where they stand, and what each gave.
 */
export function BlindBoxCard({ box }: { box: MyBlindBox }) {
  const headingId = `box-${box.entry}`;
  return (
    <article className="my-boxes__card" aria-labelledby={headingId} data-testid="my-box">
      <img className="my-boxes__image" src={withSize(box.box.image, '150x150')} alt="" width={72} height={72} />
      <div className="my-boxes__body">
        <h2 id={headingId} className="my-boxes__name">
          {box.box.name} × {box.total}
        </h2>
        <p className="my-boxes__meta">
          <span className={`my-boxes__state my-boxes__state--${box.state}`} data-testid="my-box-state">
            {STATE_LABELS[box.state]}
          </span>{' '}
          {box.source === 'redeem' ? (
            <>
              From a redeem code, <time dateTime={box.bought_at}>{formatDateTime(box.bought_at)}</time>
            </>
          ) : (
            <>
              Bought <time dateTime={box.bought_at}>{formatDateTime(box.bought_at)}</time> at {formatPrice(box.sell_price ?? 0)} a box, order{' '}
              <span className="my-boxes__code" data-testid="my-box-order">
                {box.order}
              </span>
            </>
          )}
        </p>
        {box.state === 'awaiting_payment' && (
          <p className="my-boxes__note">
            The boxes open as soon as the order is paid. <Link to={paths.myOrders.getHref()}>Pay or cancel it in My orders</Link>
          </p>
        )}
        <BoxOpenings line={asOrderLine(box)} paid={box.state !== 'awaiting_payment'} />
      </div>
    </article>
  );
}
