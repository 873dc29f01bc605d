import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { FAIRNESS_QUERY_KEY, type OddsObject } from './types.ts';

/** Only the part of the shop's blind box answer the verifier needs. */
export type BoxOddsResponse = { error: false; item: { name: string; odds_bps: OddsObject } };

/** GET /api/shop/blindbox (the call the shop promo makes): the Frontier box's published odds. */
export const getBoxOdds = (signal?: AbortSignal) =>
  api.get<BoxOddsResponse>('/api/shop/blindbox', { auth: false, signal });

export const useBoxOdds = (enabled: boolean) =>
  useQuery({
    queryKey: [...FAIRNESS_QUERY_KEY, 'box-odds'],
    queryFn: ({ signal }) => getBoxOdds(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
