import type { CollectionsResponse } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { landKeys } from './land-keys.ts';

/** GET /api/collections/fetch: my collections, newest first, with their counted totals and mint state. */
export const getCollections = (signal?: AbortSignal) =>
  api.get<CollectionsResponse>('/api/collections/fetch', { signal });

// A mint started elsewhere freezes a collection: read the state fresh each time a page shows it.
export const useCollections = () =>
  useQuery({ queryKey: landKeys.collections(), queryFn: ({ signal }) => getCollections(signal), staleTime: 0 });
