import type { DncListingInfoResponse } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ginKeys } from './gin-keys.ts';

/**
 * The player's DNC balance: `amount` of GET /api/marketplace/dnc/listing (the DNC free to list,
 * which is the whole balance outside open listings), the call My Assets reads it with.
 */
export const getDncBalance = async (signal?: AbortSignal): Promise<number> =>
  (await api.get<DncListingInfoResponse>('/api/marketplace/dnc/listing', { signal })).amount;

export const useDncBalance = () =>
  useQuery({ queryKey: ginKeys.dncBalance(), queryFn: ({ signal }) => getDncBalance(signal), staleTime: 0 });
