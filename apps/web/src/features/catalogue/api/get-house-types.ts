import type { HouseTypesResponse } from '@starport/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type HouseType = HouseTypesResponse['data'][number];

/**
 * GET /api/catalogue/house_types, for the container-house landing view, the landing counters and
 * the unit page; the query key is the one every caller of this call uses, so they share one
 * cached answer.
 */
export const getHouseTypes = (signal?: AbortSignal) =>
  api.get<HouseTypesResponse>('/api/catalogue/house_types', { auth: false, signal });

export const houseTypesQueryOptions = () =>
  queryOptions({ queryKey: ['catalogue', 'house_types'] as const, queryFn: ({ signal }) => getHouseTypes(signal), staleTime: 60_000 });

export const useHouseTypes = () => useQuery(houseTypesQueryOptions());
