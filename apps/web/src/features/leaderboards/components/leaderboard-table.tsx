import type { LeaderboardResponse } from '@starport/schemas';

const points = new Intl.NumberFormat('en-US');

type Row = LeaderboardResponse['data'][number];

/** Rank, Player Name, Points; the podium (ranks 1-3) stands out. */
export function LeaderboardTable({ rows }: { rows: Row[] }) {
  return (
    <div className="board-table-wrap">
      <table className="board-table">
        <thead>
          <Header />
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row._id} className={row.rank <= 3 ? 'board-table__top' : undefined}>
              <td className="board-table__rank">{row.rank}</td>
              <td className="board-table__name">
                <span className="board-table__player">
                  {/* Decorative: the name beside it says who this is. */}
                  {row.avatar ? <img className="board-table__avatar" src={row.avatar} alt="" width={28} height={28} loading="lazy" /> : null}
                  {row.user_name}
                </span>
              </td>
              <td className="board-table__points">{points.format(row.point_number)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The table's shape with shimmering cells, while the first page loads. */
export function LeaderboardSkeleton({ rows }: { rows: number }) {
  return (
    <div className="board-table-wrap" data-testid="leaderboard-skeleton">
      <table className="board-table" aria-busy="true">
        <thead>
          <Header />
        </thead>
        <tbody aria-hidden="true">
          {Array.from({ length: rows }, (_, i) => (
            <tr key={i}>
              {[0, 1, 2].map((cell) => (
                <td key={cell}>
                  <span className="board-table__skeleton" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Header() {
  return (
    <tr>
      <th scope="col" className="board-table__rank">
        Rank
      </th>
      <th scope="col">Player Name</th>
      <th scope="col" className="board-table__points">
        Points
      </th>
    </tr>
  );
}
