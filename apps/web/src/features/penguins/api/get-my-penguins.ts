import type { MyAssetsResponse, MyPenguinsResponse } from '@starport/schemas';
import { SHIP_SELECTION_PAGE_SIZE } from '@starport/schemas/penguin-rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { penguinKeys } from './penguin-keys.ts';

/** GET /api/my/peguins (the spec's spelling): my penguins, their ships and what they accrued. */
export const getMyPenguins = (signal?: AbortSignal) => api.get<MyPenguinsResponse>('/api/my/peguins', { signal });

export const useMyPenguins = () =>
  useQuery({ queryKey: penguinKeys.mine(), queryFn: ({ signal }) => getMyPenguins(signal), staleTime: 0 });

/** One page of the player's ships for the "Select spaceship" dialog: 6 a page (owned-assets.md §9). */
export const getMyShips = (page: number, signal?: AbortSignal) =>
  api.get<MyAssetsResponse>('/api/my/assets', { signal, query: { kind: 'ship', page, limit: SHIP_SELECTION_PAGE_SIZE } });

export const useMyShips = (page: number, enabled: boolean) =>
  useQuery({
    queryKey: penguinKeys.ships(page),
    queryFn: ({ signal }) => getMyShips(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
