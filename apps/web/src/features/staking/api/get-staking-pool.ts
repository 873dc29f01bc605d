import type { StakingPoolResponse } from '@starport/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const stakingKeys = {
  all: ['staking'] as const,
  pool: () => [...stakingKeys.all, 'pool'] as const,
  wallet: (address: string) => [...stakingKeys.all, 'wallet', address] as const,
  assetsNft: (ids: readonly number[], staked: readonly number[]) =>
    [...stakingKeys.all, 'assets-nft', ids.join(','), staked.join(',')] as const,
};

/** GET /api/staking/pool (docs/api-staking.md): the pool as the chain and the indexed events have it. */
export const getStakingPool = (signal?: AbortSignal) =>
  api.get<StakingPoolResponse>('/api/staking/pool', { auth: false, signal });

export const useStakingPool = () =>
  useQuery(queryOptions({ queryKey: stakingKeys.pool(), queryFn: ({ signal }) => getStakingPool(signal) }));
