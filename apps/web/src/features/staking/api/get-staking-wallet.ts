import type { StakingWalletResponse } from '@starport/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { stakingKeys } from './get-staking-pool.ts';

/** GET /api/staking/wallet/:address (docs/api-staking.md): one wallet's units, stake and rewards, read from the chain. */
export const getStakingWallet = (address: string, signal?: AbortSignal) =>
  api.get<StakingWalletResponse>(`/api/staking/wallet/${encodeURIComponent(address)}`, { auth: false, signal });

export const useStakingWallet = (address: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: stakingKeys.wallet(address ?? ''),
      queryFn: ({ signal }) => getStakingWallet(address!, signal),
      enabled: Boolean(address),
    }),
  );
