import type { MarketplaceItem } from '@starport/schemas';
import { withSize } from '@starport/schemas/images';
import { Link } from 'react-router';
import { formatPrice } from '../../../lib/format.ts';
import { formatApr, unitTypeLabel } from '../model/unit-format.ts';
import { UnitStats } from './unit-stats.tsx';
import { paths } from '../../../config/paths.ts';
import './unit-card.css';

/** A listed unit in "More From This Collection": picture, type, four figures, APR and price. */
export function UnitCard({ listing }: { listing: MarketplaceItem }) {
  const { item } = listing;
  return (
    <article className="unit-card">
      <Link to={paths.marketItem.getHref(listing._id)} className="unit-card__link">
        <img src={withSize(item.image, '300x300')} alt="" width={300} height={300} loading="lazy" />
        <h3 className="unit-card__name">{listing.name}</h3>
      </Link>
      <p className="unit-card__type muted">{unitTypeLabel(item.name, item.apart_label)}</p>
      <UnitStats figures={item} compact />
      <p className="unit-card__apr">{item.apr_bps === undefined ? null : formatApr(item.apr_bps)}</p>
      <p className="unit-card__price">{formatPrice(listing.sell_price)}</p>
    </article>
  );
}
