import { pageCount, pageWindow } from '../../lib/page-window.ts';
import './pagination.css';

type PaginationProps = {
  page: number;
  total: number;
  limit: number;
  onPageChange: (page: number) => void;
  /** pages shown on either side of the current one */
  radius?: number;
};

/** Numbered pages with previous/next; renders nothing when everything fits on one page. */
export function Pagination({ page, total, limit, onPageChange, radius = 8 }: PaginationProps) {
  const count = pageCount(total, limit);
  if (count <= 1) return null;
  const pages = pageWindow(page, count, radius);
  const current = Math.min(Math.max(1, page), count);
  return (
    <nav className="pagination" aria-label="Pages">
      <button type="button" className="pagination__step" disabled={current <= 1} onClick={() => onPageChange(current - 1)}>
        Previous
      </button>
      <ol className="pagination__pages">
        {pages.map((n) => (
          <li key={n}>
            <button
              type="button"
              className="pagination__page"
              aria-current={n === current ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => n !== current && onPageChange(n)}
            >
              {n}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="pagination__step" disabled={current >= count} onClick={() => onPageChange(current + 1)}>
        Next
      </button>
    </nav>
  );
}
