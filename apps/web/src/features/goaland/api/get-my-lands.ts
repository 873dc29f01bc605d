import type { MyLandStakingResponse } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The cache key of the GOALAND page: a collect changes it. */
export const goalandKeys = { mine: ['goaland', 'mine'] as const };

/** GET /api/my/lands: my plots, what they earn a day, and whether I can collect now. */
export const getMyLands = (signal?: AbortSignal) => api.get<MyLandStakingResponse>('/api/my/lands', { signal });

export const useMyLands = () => useQuery({ queryKey: goalandKeys.mine, queryFn: ({ signal }) => getMyLands(signal), staleTime: 0 });
