import { Link } from 'react-router';
import { SoldCard, SoldCardSkeletons } from './sold-card.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useSoldList } from '../../../lib/sold-lists.ts';

// Shown 4 across, 2 × 2 on a phone (sold-card.css): every row is full.
const FEATURED = 4;

/** The most valuable ships and units players have traded, each opening its own page. */
export function FeaturedSales() {
  const top = useSoldList('topNft', FEATURED);
  return (
    <section className="landing__section" aria-labelledby="landing-featured-title">
      <div className="landing__section-head">
        <h2 id="landing-featured-title">Top sales</h2>
        <Link to={paths.top.getHref()}>All top lists</Link>
      </div>
      {top.isPending && <SoldCardSkeletons count={FEATURED} className="sold-grid--fours" />}
      {top.isError && (
        <Alert tone="error" title="The top sales could not be loaded">
          <div className="row">
            <span>{top.error.message}</span>
            <Button variant="secondary" onClick={() => void top.refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
      )}
      {top.data && top.data.data.length === 0 && (
        <p className="muted">
          No ship has changed hands yet. <Link to={paths.market.getHref()}>Browse the marketplace</Link> and be the
          first.
        </p>
      )}
      {top.data && top.data.data.length > 0 && (
        <div className="sold-grid sold-grid--fours">
          {top.data.data.map((sale) => (
            <SoldCard key={sale._id} sale={sale} />
          ))}
        </div>
      )}
    </section>
  );
}
