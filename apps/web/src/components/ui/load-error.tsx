import { messageOf } from '../../lib/api-error.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/** What LoadError needs of a failed query: TanStack Query's result has all of it. */
type FailedQuery = { error: unknown; isFetching: boolean; refetch: () => Promise<unknown> };

/**
 * A read that failed: says what could not be loaded, why (the API's sentence), and offers to
 * try again, busy while the retry runs. One piece for every page that loads a list or a record.
 */
export function LoadError({ title, query }: { title: string; query: FailedQuery }) {
  return (
    <Alert tone="error" title={title}>
      <p>{messageOf(query.error)}</p>
      <Button variant="secondary" loading={query.isFetching} onClick={() => void query.refetch()}>
        Try again
      </Button>
    </Alert>
  );
}
