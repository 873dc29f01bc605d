import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PagedList } from './paged-list.tsx';

type Rows = { rows: string[]; total: number };
const common = { error: null, isFetching: false, refetch: () => Promise.resolve() };
const loaded = (data: Rows) => ({ ...common, isPending: false as const, isError: false as const, data });

function List({ query, page = 1 }: { query: Parameters<typeof PagedList<Rows>>[0]['query']; page?: number }) {
  return (
    <PagedList
      query={query}
      pageOf={(d) => ({ shown: d.rows.length, total: d.total, limit: 2 })}
      page={page}
      onPageChange={() => {}}
      defaultLimit={2}
      loading={<p>loading</p>}
      errorTitle="The rows could not be loaded"
      empty={<p>nothing yet</p>}
      pastTheEnd={<p>past the end</p>}
    >
      {(d) => (
        <ul>
          {d.rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

describe('<PagedList>', () => {
  it('shows loading, then the error with its title', () => {
    const { rerender } = render(<List query={{ ...common, isPending: true, isError: false, data: undefined }} />);
    expect(screen.getByText('loading')).toBeTruthy();
    rerender(<List query={{ ...common, isPending: false, isError: true, data: undefined, error: new Error('down') }} />);
    expect(screen.getByText('The rows could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('tells nothing yet from a page past the end, and pages when there is more than one page', () => {
    const { rerender } = render(<List query={loaded({ rows: [], total: 0 })} />);
    expect(screen.getByText('nothing yet')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    rerender(<List page={9} query={loaded({ rows: [], total: 3 })} />);
    expect(screen.getByText('past the end')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    rerender(<List query={loaded({ rows: ['a', 'b'], total: 3 })} />);
    expect(screen.getByText('a')).toBeTruthy();
    expect(screen.getByText('b')).toBeTruthy();
  });
});
