import type { ChainInfoResponse } from '@starport/schemas/chain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** The chains, the payment token and the sign-in chain the server is set up with (no secrets). */
export const getChainInfo = (signal?: AbortSignal) =>
  api.get<ChainInfoResponse>('/api/chain/config', { auth: false, signal });

export const CHAIN_INFO_KEY = ['chain', 'config'] as const;

/** Changes only when the server is reconfigured: fetched once per page load. */
export const useChainInfo = () =>
  useQuery({ queryKey: CHAIN_INFO_KEY, queryFn: ({ signal }) => getChainInfo(signal), staleTime: Infinity });
