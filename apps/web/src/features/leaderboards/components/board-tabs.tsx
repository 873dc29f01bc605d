import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.ts';

/**
 * /leaderboard and /top are two pages joined by these tabs rather than one page: each keeps
 * its own address to share and bookmark, loads only its own data, and the header's single
 * "Leaderboard" link reaches both.
 */
export function BoardTabs() {
  return (
    <nav className="board-tabs" aria-label="Leaderboards">
      <NavLink to={paths.leaderboard.getHref()} className="board-tabs__tab" end>
        Champions
      </NavLink>
      <NavLink to={paths.top.getHref()} className="board-tabs__tab" end>
        Top sales
      </NavLink>
    </nav>
  );
}
