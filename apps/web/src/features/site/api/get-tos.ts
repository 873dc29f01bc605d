import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TosResponse } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

export const getTos = (): Promise<TosResponse> => api.get<TosResponse>('/api/resource/tos', { auth: false });

export const tosQueryOptions = () => queryOptions({ queryKey: ['site', 'tos'] as const, queryFn: getTos, staleTime: 10 * 60_000 });

export const useTos = () => useQuery(tosQueryOptions());
