import type { CollectionDetailResponse } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { landKeys } from './land-keys.ts';

/** GET /api/collection/detail: anyone may read a collection's plots, name and owner (decision 0045). */
export const getCollectionDetail = (uriid: string, signal?: AbortSignal) =>
  api.get<CollectionDetailResponse>('/api/collection/detail', { signal, query: { uriid } });

export const useCollectionDetail = (uriid: string) =>
  useQuery({ queryKey: landKeys.collectionDetail(uriid), queryFn: ({ signal }) => getCollectionDetail(uriid, signal) });
