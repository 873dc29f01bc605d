import type { MyRedeemsResponse } from '@starport/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { redeemKeys } from './redeem-keys.ts';

/** GET /api/my/redeems: the player's redemptions, newest first. */
export const getMyRedeems = (signal?: AbortSignal) => api.get<MyRedeemsResponse>('/api/my/redeems', { signal });

export const myRedeemsQueryOptions = () =>
  queryOptions({ queryKey: redeemKeys.history(), queryFn: ({ signal }) => getMyRedeems(signal), staleTime: 0 });

export const useMyRedeems = () => useQuery(myRedeemsQueryOptions());
