import type { ShipMintTermsResponse } from '@starport/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/minting/request/terms: the ship mint fee, and whether this server can take it and mint. */
export const getShipMintTerms = (signal?: AbortSignal) =>
  api.get<ShipMintTermsResponse>('/api/minting/request/terms', { signal });

export const shipMintTermsKey = ['minting', 'ship-terms'] as const;

/** Every ship card asks: one request for the page, read again after a minute (the operator may change the fee). */
export const useShipMintTerms = () =>
  useQuery(
    queryOptions({ queryKey: shipMintTermsKey, queryFn: ({ signal }) => getShipMintTerms(signal), staleTime: 60_000 }),
  );
