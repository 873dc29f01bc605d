import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { paths } from '../../../config/paths.ts';
import { LEADERBOARD_PAGE_SIZE, useTopReferrers } from '../api/get-top-referrers.ts';
import { BoardTabs } from '../components/board-tabs.tsx';
import { LeaderboardTable, LeaderboardSkeleton } from '../components/leaderboard-table.tsx';
import '../components/leaderboards.css';

/** ?page=N in the URL, so back and forward walk the pages; anything odd is page 1. */
function pageFrom(params: URLSearchParams): number {
  const n = Number(params.get('page'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** /leaderboard: this month's referral champions (owned-assets.md §2.9). */
export default function LeaderboardPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const board = useTopReferrers(page);
  const data = board.data;

  const goTo = (n: number) => setParams(n > 1 ? { page: String(n) } : {});

  return (
    <div className="page">
      <BoardTabs />
      <h1>Galactic Champions of the Month</h1>
      <p className="muted board-lead">
        Pilots earn a point for every new player who joins Starport through their referral link. The board starts again
        on the first day of each month (UTC).
      </p>
      {board.isError && (
        <Alert tone="error" title="The leaderboard could not be loaded">
          <div className="row">
            <span>{board.error.message}</span>
            <Button variant="secondary" onClick={() => void board.refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
      )}
      {board.isPending && <LeaderboardSkeleton rows={8} />}
      {data && data.total === 0 && (
        <p className="board-empty">
          Nobody has earned points this month yet. Invite your friends with your referral link and take first place.
        </p>
      )}
      {data && data.total > 0 && data.data.length === 0 && (
        <p className="board-empty">
          There is no page {page} of the board. <Link to={paths.leaderboard.getHref()}>Back to the top</Link>
        </p>
      )}
      {data && data.data.length > 0 && (
        <div aria-busy={board.isFetching || undefined}>
          <LeaderboardTable rows={data.data} />
        </div>
      )}
      {data && <Pagination page={page} total={data.total} limit={LEADERBOARD_PAGE_SIZE} onPageChange={goTo} />}
    </div>
  );
}
