import type { ReactNode } from 'react';
import { LoadError } from './load-error.tsx';
import { Pagination } from './pagination.tsx';

/** What PagedList needs of a list query: TanStack Query's result has all of it. */
type ListQuery<T> =
  | {
      isPending: true;
      isError: false;
      data: undefined;
      error: unknown;
      isFetching: boolean;
      refetch: () => Promise<unknown>;
    }
  | {
      isPending: false;
      isError: true;
      data: T | undefined;
      error: unknown;
      isFetching: boolean;
      refetch: () => Promise<unknown>;
    }
  | { isPending: false; isError: false; data: T; error: unknown; isFetching: boolean; refetch: () => Promise<unknown> };

export type ListPage = { shown: number; total: number; limit: number };

type PagedListProps<T> = {
  query: ListQuery<T>;
  /** how many the loaded page shows, how many there are in all, and the page size */
  pageOf: (data: T) => ListPage;
  /** the page in the address, and how to go to another */
  page: number;
  onPageChange: (page: number) => void;
  /** the page size when the answer does not say */
  defaultLimit: number;
  loading: ReactNode;
  /** the title of the load error, e.g. "Your orders could not be loaded" */
  errorTitle: string;
  /** shown when there is nothing at all */
  empty: ReactNode;
  /** shown when this page is past the end (an old link) */
  pastTheEnd: ReactNode;
  /** the loaded page's rows */
  children: (data: T) => ReactNode;
};

/**
 * A paged list of the player's records, in the one shape the "my" pages share: loading, the
 * load error with Try again, nothing yet, a page past the end, or the rows with numbered pages.
 */
export function PagedList<T>({
  query,
  pageOf,
  page,
  onPageChange,
  defaultLimit,
  loading,
  errorTitle,
  empty,
  pastTheEnd,
  children,
}: PagedListProps<T>) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError) return <LoadError title={errorTitle} query={query} />;
  const { shown, total, limit } = pageOf(query.data);
  if (total === 0) return <>{empty}</>;
  return (
    <>
      {shown === 0 ? pastTheEnd : children(query.data)}
      <Pagination page={page} total={total} limit={limit || defaultLimit} onPageChange={onPageChange} />
    </>
  );
}
