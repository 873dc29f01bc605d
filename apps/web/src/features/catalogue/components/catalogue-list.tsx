import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import type { FilterProblems } from '../../../lib/list-filter-problems.ts';
import { writeListFilters, type ListFilters } from '../../../lib/list-filters.ts';
import { pageCount } from '../../../lib/page-window.ts';
import { FilterPanel, type FilterOption } from './filter-panel.tsx';
import './catalogue-list.css';
import { formatCount } from '../../../lib/number-text.ts';

export const RARITY_OPTIONS: FilterOption[] = [
  { value: 'common', label: 'Common' },
  { value: 'rare', label: 'Rare' },
  { value: 'epic', label: 'Epic' },
  { value: 'legendary', label: 'Legendary' },
];

type Page<T> = { data: T[]; total: number; total_capped: boolean };
type ListQuery<T> = { data?: Page<T>; isPending: boolean; isFetching: boolean; isError: boolean; error: Error | null };

type CatalogueListProps<T> = {
  /** "Marketplace", "Shop": the heading adds the total */
  title: string;
  filters: ListFilters;
  onChange: (change: Partial<ListFilters>) => void;
  elements: readonly FilterOption[];
  query: ListQuery<T>;
  limit: number;
  errorTitle: string;
  emptyText: string;
  /** `index` is the item's place on the page: the first few are above the fold. */
  renderItem: (item: T, index: number) => ReactNode;
  /** shown between the heading and the list (the shop's blind-box promo) */
  lead?: ReactNode;
  /** what is wrong with the URL's filters, shown on their fields (lib/list-filter-problems.ts) */
  problems?: FilterProblems;
};



/** "· 1,234 items" (or "· over 10,000 items" when the total is capped), after the title. */
export function listCount(page: Page<unknown>): string {
  const count = `${page.total_capped ? 'over ' : ''}${formatCount(page.total)}`;
  return `· ${count} item${page.total === 1 ? '' : 's'}`;
}

/**
 * The heading with the total. The count has a box of its own that is there before the total
 * arrives (on phones it takes its own line), so the list does not jump down when it comes.
 */
function ListHeading({ title, page }: { title: string; page: Page<unknown> | undefined }) {
  return (
    <h1 className="catalogue-list__heading">
      {title}{' '}
      {page ? (
        <span className="catalogue-list__count">{listCount(page)}</span>
      ) : (
        <span className="catalogue-list__count" aria-hidden="true" />
      )}
    </h1>
  );
}

/**
 * The layout every catalogue list shares: heading with the total, filters, the grid with its
 * skeleton, empty and error states, and the numbered pages.
 */
export function CatalogueList<T>(props: CatalogueListProps<T>) {
  const { query, filters, onChange, limit } = props;
  const page = query.data;
  return (
    <div className="page catalogue-list">
      <ListHeading title={props.title} page={page} />
      {props.lead}
      <div className="catalogue-list__layout">
        <FilterPanel
          filters={filters}
          elements={props.elements}
          rarities={RARITY_OPTIONS}
          onChange={onChange}
          problems={props.problems}
        />
        <section aria-label="Items" aria-busy={query.isFetching || undefined}>
          {query.isError && (
            <Alert tone="error" title={props.errorTitle}>
              {query.error?.message}
            </Alert>
          )}
          {query.isPending && <SkeletonGrid />}
          {page && page.data.length === 0 && page.total > 0 && (
            <PastTheEnd filters={filters} last={pageCount(page.total, limit)} />
          )}
          {page && page.data.length === 0 && page.total === 0 && (
            <p className="catalogue-list__empty">{props.emptyText}</p>
          )}
          {page && page.data.length > 0 && (
            <div className="catalogue-list__grid">{page.data.map(props.renderItem)}</div>
          )}
          {page && (
            <Pagination
              page={filters.page}
              total={page.total}
              limit={limit}
              onPageChange={(n) => onChange({ page: n })}
            />
          )}
        </section>
      </div>
    </div>
  );
}

/** A page number beyond the last page (an old link, a hand-typed address): say so, link the last. */
function PastTheEnd({ filters, last }: { filters: ListFilters; last: number }) {
  const search = writeListFilters({ ...filters, page: last }).toString();
  return (
    <p className="catalogue-list__empty" data-testid="list-past-end">
      Page {filters.page} is past the end: these filters have {last} page{last === 1 ? '' : 's'}.{' '}
      <Link to={{ search: search ? `?${search}` : '' }}>Go to the last page ({last})</Link>
    </p>
  );
}

function SkeletonGrid() {
  return (
    <div className="catalogue-list__grid" aria-hidden="true" data-testid="list-skeleton">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="catalogue-list__skeleton" />
      ))}
    </div>
  );
}
