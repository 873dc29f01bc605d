import type { CollectionItemsResponse } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { landKeys } from './land-keys.ts';

/** GET /api/collections/items: where plots can go, my collections that are not minting or minted, leaving out `except`. */
export const getMoveTargets = (except: number | undefined, signal?: AbortSignal) =>
  api.get<CollectionItemsResponse>('/api/collections/items', { signal, query: { except } });

// Under landKeys.all, so any change to the land reads the targets again too.
export const useMoveTargets = (except: number | undefined, enabled = true) =>
  useQuery({
    queryKey: [...landKeys.all, 'move-targets', except ?? 'none'] as const,
    queryFn: ({ signal }) => getMoveTargets(except, signal),
    enabled,
    staleTime: 0,
  });
