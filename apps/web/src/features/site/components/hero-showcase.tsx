import { withSize } from '@starport/schemas/images';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useBlindBox } from '../../../lib/blind-box.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useFeaturedShip } from '../api/get-featured-ship.ts';
import './hero-showcase.css';

const ELEMENT_NAMES = ['Human', 'AI', 'Alien'];

type Showcase = { href: string; image: string; kicker: string; name: string; price: number; action: string };

/**
 * The landing hero's picture: the newest Legendary ship for sale, or, when none is listed or
 * the list cannot be read, the Frontier Blind Box. Real items with their real prices, each
 * opening its page; while the answer is on its way a frame of the same size holds the place.
 */
export function HeroShowcase() {
  const ship = useFeaturedShip();
  const listing = ship.data?.data[0];
  const box = useBlindBox(ship.isError || (ship.isSuccess && !listing));

  const shown: Showcase | null = listing
    ? {
        href: paths.shipDetail.getHref(listing._id),
        image: listing.item.image,
        kicker: ['Legendary', listing.item.element_name ?? ELEMENT_NAMES[listing.item.element ?? -1]]
          .filter(Boolean)
          .join(' · '),
        name: listing.name,
        price: listing.sell_price,
        action: 'View this ship',
      }
    : box.data
      ? {
          href: paths.shop.getHref(),
          image: box.data.item.image,
          kicker: 'Frontier Blind Boxes',
          name: box.data.item.name,
          price: box.data.item.sell_price,
          action: 'Open one in the shop',
        }
      : null;

  if (!shown) {
    const waiting = ship.isPending || box.isPending;
    return waiting ? <div className="hero-showcase hero-showcase--loading" aria-hidden="true" /> : null;
  }
  return (
    <Link to={shown.href} className="hero-showcase" data-testid="hero-showcase">
      {/* the landing page's largest paint: fetched before anything else the page asks for */}
      <img src={withSize(shown.image, '600x600')} alt="" width={600} height={600} fetchPriority="high" />
      <span className="hero-showcase__caption">
        <span className="hero-showcase__kicker">{shown.kicker}</span>
        <span className="hero-showcase__name">{shown.name}</span>
        <span className="hero-showcase__price">{formatPrice(shown.price, 'whole')}</span>
        <span className="hero-showcase__action">{shown.action} →</span>
      </span>
    </Link>
  );
}
