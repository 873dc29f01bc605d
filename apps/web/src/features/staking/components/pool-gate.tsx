import type { StakingPool } from '@starport/schemas';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { useStakingPool } from '../api/get-staking-pool.ts';
import { STAKING_FETCH_FAILED } from '../model/staking-texts.ts';

/** Renders its children with the pool once it is read; says why not when it cannot be (spec §8). */
export function PoolGate({ children }: { children: (pool: StakingPool) => ReactNode }) {
  const query = useStakingPool();
  if (query.isPending) return <LoadingBlock label="Loading the staking pool…" />;
  if (query.isError)
    return (
      <Alert tone="error" title="Error">
        <p>{STAKING_FETCH_FAILED}</p>
        <Button variant="secondary" loading={query.isFetching} onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (!query.data.available)
    return (
      <Alert tone="info" title="Staking is not available">
        {query.data.reason}
      </Alert>
    );
  return <>{children(query.data.pool)}</>;
}
