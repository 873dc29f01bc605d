import type { MyLandsResponse } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { landKeys } from './land-keys.ts';

/** GET /api/lands/my_assets: all my plots, or (`individual`) those in no collection. */
export const getMyPlots = (type: 'all' | 'individual', signal?: AbortSignal) =>
  api.get<MyLandsResponse>('/api/lands/my_assets', { signal, query: { type } });

export const useMyPlots = (type: 'all' | 'individual', enabled = true) =>
  useQuery({
    queryKey: landKeys.myPlots(type),
    queryFn: ({ signal }) => getMyPlots(type, signal),
    enabled,
    staleTime: 0,
  });
