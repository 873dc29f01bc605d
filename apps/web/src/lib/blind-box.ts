import type { BlindBoxResponse } from '@starport/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

// The one client of GET /api/shop/blindbox: the shop's promo shows the box, and the fairness
// pages show its published odds, so it lives in the shared layer (one cached answer for both).

export const blindBoxKeys = {
  box: ['shop', 'blindbox'] as const,
};

export const getBlindBox = (signal?: AbortSignal) => api.get<BlindBoxResponse>('/api/shop/blindbox', { auth: false, signal });

export const blindBoxQueryOptions = () =>
  queryOptions({ queryKey: blindBoxKeys.box, queryFn: ({ signal }) => getBlindBox(signal), staleTime: 5 * 60_000 });

export const useBlindBox = (enabled = true) => useQuery({ ...blindBoxQueryOptions(), enabled });
