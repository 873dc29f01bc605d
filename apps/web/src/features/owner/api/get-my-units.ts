import type { MyAssetsResponse } from '@starport/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ownerKeys } from './get-my-referrals.ts';

export const MY_UNITS_PAGE_SIZE = 20;

/** GET /api/my/assets?kind=house_unit (docs/api-my-assets.md): the container-house unit pieces the player owns. */
export const getMyUnits = (page: number, signal?: AbortSignal) =>
  api.get<MyAssetsResponse>('/api/my/assets', { signal, query: { kind: 'house_unit', page, limit: MY_UNITS_PAGE_SIZE } });

export const useMyUnits = (page: number, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: ownerKeys.units(page),
      queryFn: ({ signal }) => getMyUnits(page, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
