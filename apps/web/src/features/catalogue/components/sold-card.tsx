import type { SoldItem } from '@starport/schemas';
import { withSize } from '@starport/schemas/images';
import { isWebRoute } from '@starport/schemas/web-routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatCardPrice } from '../../../lib/format.ts';
import './sold-card.css';
import { formatUtcDay } from '../../../lib/number-text.ts';

// Value imports from the schemas' main entry would pull zod into the page chunk.
const RARITY_NAMES = ['Common', 'Rare', 'Epic', 'Legendary'];
const ELEMENT_NAMES = ['Human', 'AI', 'Alien'];

/** Ships and DNC packs open on the ship page; container-house units on the item page. */
export const soldItemHref = (sale: SoldItem): string =>
  sale.kind === 'house_unit' ? paths.marketItem.getHref(sale.id) : paths.shipDetail.getHref(sale.id);


export function soldItemTags(sale: SoldItem): string {
  const { item } = sale;
  if (sale.kind === 'ship')
    return [ELEMENT_NAMES[item.element ?? -1], RARITY_NAMES[item.rarity ?? -1]].filter(Boolean).join(' · ');
  if (sale.kind === 'house_unit') return item.apart_label ?? 'Container house';
  return 'DNC pack';
}

/** One recorded sale: picture, name, what it is, the price it sold for and when. */
export function SoldCard({ sale, rank }: { sale: SoldItem; rank?: number }) {
  return (
    <article className={`sold-card sold-card--r${sale.item.rarity ?? 'x'}`}>
      {rank !== undefined && <span className="sold-card__rank">#{rank}</span>}
      <MaybeLink href={soldItemHref(sale)}>
        <img src={withSize(sale.item.image, '300x300')} alt="" width={300} height={300} loading="lazy" />
        <h3 className="sold-card__name">{sale.name}</h3>
      </MaybeLink>
      <p className="sold-card__tags">{soldItemTags(sale)}</p>
      <p className="sold-card__price">
        Sold for {formatCardPrice(sale.price)}
        <time className="sold-card__date" dateTime={sale.sold_at}>
          {formatUtcDay(new Date(sale.sold_at))}
        </time>
      </p>
    </article>
  );
}

/** Links only to pages the app has registered (docs/decisions/0009), never to a 404. */
function MaybeLink({ href, children }: { href: string; children: ReactNode }) {
  if (!isWebRoute(href)) return <div className="sold-card__link">{children}</div>;
  return (
    <Link to={href} className="sold-card__link">
      {children}
    </Link>
  );
}

/** Placeholders of the card's shape while a list loads. */
export function SoldCardSkeletons({ count, className }: { count: number; className?: string }) {
  return (
    <div className={className ? `sold-grid ${className}` : 'sold-grid'} aria-hidden="true" data-testid="sold-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="sold-card__skeleton" />
      ))}
    </div>
  );
}
