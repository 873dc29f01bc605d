import type { DncListingInfoResponse } from '@starport/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { myAssetsKeys } from './my-assets-keys.ts';

/** GET /api/marketplace/dnc/listing: the DNC balance free to list (`amount`) and DNC in escrow (`listed`). */
export const getDncListingInfo = (signal?: AbortSignal) =>
  api.get<DncListingInfoResponse>('/api/marketplace/dnc/listing', { signal });

export const dncListingInfoQueryOptions = () =>
  queryOptions({ queryKey: myAssetsKeys.dncInfo(), queryFn: ({ signal }) => getDncListingInfo(signal), staleTime: 0 });

export const useDncListingInfo = () => useQuery(dncListingInfoQueryOptions());
