import type { CollectionLandsResponse } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { landKeys } from './land-keys.ts';

/** GET /api/collections/lands: the plots of one of my collections (404 when it is not mine). */
export const getCollectionPlots = (id: string, signal?: AbortSignal) =>
  api.get<CollectionLandsResponse>('/api/collections/lands', { signal, query: { collection_id: id } });

/** `enabled` false until the player expands the collection: its plots are read on demand. */
export const useCollectionPlots = (id: string, enabled = true) =>
  useQuery({
    queryKey: landKeys.collectionPlots(id),
    queryFn: ({ signal }) => getCollectionPlots(id, signal),
    enabled,
    staleTime: 0,
  });
