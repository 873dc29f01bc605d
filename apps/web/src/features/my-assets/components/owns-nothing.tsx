import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

/** What a player who owns nothing yet reads, with the two places to get something (owned-assets.md §2.1 "empty"). */
export function OwnsNothing({ text }: { text: string }) {
  return (
    <div className="my-assets-empty" data-testid="my-assets-empty">
      <p>{text}</p>
      <div className="my-assets-empty__links">
        <Link to={paths.shop.getHref()} className={buttonClass('primary')}>
          Visit the Shop
        </Link>
        <Link to={paths.market.getHref()} className={buttonClass('secondary')}>
          Browse the Marketplace
        </Link>
      </div>
    </div>
  );
}
