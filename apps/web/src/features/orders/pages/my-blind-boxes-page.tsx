import { Link } from 'react-router';
import { usePageParam } from '../../../lib/page-param.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { paths } from '../../../config/paths.ts';
import { MY_BLIND_BOXES_PAGE_SIZE, useMyBlindBoxes } from '../api/get-my-blind-boxes.ts';
import { BlindBoxCard } from '../components/blind-box-card.tsx';
import './my-blind-boxes-page.css';

/**
 * /my/blindbox: every blind box the player bought or is buying, newest first, 20 a page, each with
 * what it gave and the proof of its draw (the same reveal My Orders shows). Behind the route guard.
 */
export default function MyBlindBoxesPage() {
  const { page, goTo } = usePageParam();
  const query = useMyBlindBoxes(page);

  const body = (
    <PagedList
      query={query}
      pageOf={({ data }) => ({ shown: data.boxes.length, total: data.total, limit: data.limit })}
      page={page}
      onPageChange={goTo}
      defaultLimit={MY_BLIND_BOXES_PAGE_SIZE}
      loading={
        <p role="status" className="my-boxes__loading">
          Loading your blind boxes…
        </p>
      }
      errorTitle="Your blind boxes could not be loaded"
      empty={
        <div className="my-boxes__empty" data-testid="my-boxes-empty">
          <p>You have no blind boxes yet.</p>
          <Link to={paths.shop.getHref()} className={buttonClass('primary')}>
            Visit the shop
          </Link>
        </div>
      }
      pastTheEnd={
        <p className="my-boxes__empty">
          There are no boxes on this page. <Link to={paths.myBlindBoxes.getHref()}>See your latest boxes</Link>
        </p>
      }
    >
      {({ data }) => (
        <div className="my-boxes__list" aria-busy={query.isPlaceholderData || undefined}>
          {data.boxes.map((box) => (
            <BlindBoxCard key={box.entry} box={box} />
          ))}
        </div>
      )}
    </PagedList>
  );

  return (
    <div className="page my-boxes">
      <h1>My blind boxes</h1>
      <p className="my-boxes__intro">
        Every box you bought and what it gave. Each opening carries its proof: check any of them on the{' '}
        <Link to={paths.fairness.getHref()}>Provably fair</Link> page.
      </p>
      {body}
    </div>
  );
}
