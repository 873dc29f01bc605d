import { useSearchParams } from 'react-router';

/** ?page= as a page number; anything that is not a whole number from 1 up means the first page. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The list page in the address (`?page=`, absent for the first), so Back and Forward walk the
 * pages. `goTo` keeps the other parameters and brings the new page's top into view.
 */
export function usePageParam(): { page: number; goTo: (next: number) => void } {
  const [search, setSearch] = useSearchParams();
  const goTo = (next: number) => {
    setSearch((current) => {
      const params = new URLSearchParams(current);
      if (next > 1) params.set('page', String(next));
      else params.delete('page');
      return params;
    });
    window.scrollTo({ top: 0 });
  };
  return { page: pageFrom(search.get('page')), goTo };
}
