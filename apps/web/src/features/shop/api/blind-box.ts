import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type BlindBoxOdds = { common: number; rare: number; epic: number; legend: number };

export type BlindBox = {
  _id: string;
  code: 'blindbox';
  object: 'blindbox';
  name: string;
  description: string;
  image: string;
  /** listed price, USD */
  price: number;
  /** sale price, USD */
  sell_price: number;
  price_micro: string;
  sell_price_micro: string;
  odds_bps: BlindBoxOdds;
};
export type BlindBoxResponse = { error: false; item: BlindBox };
/** Percentages that sum to 100. */
export type BlindBoxChanceResponse = { error: false; chance: BlindBoxOdds };

export const getBlindBox = (signal?: AbortSignal) => api.get<BlindBoxResponse>('/api/shop/blindbox', { auth: false, signal });

export const getBlindBoxChance = (signal?: AbortSignal) =>
  api.get<BlindBoxChanceResponse>('/api/my/blindboxs/chance', { auth: false, signal });

export const blindBoxKeys = {
  box: ['shop', 'blindbox'] as const,
  chance: () => [...blindBoxKeys.box, 'chance'] as const,
};

export const blindBoxQueryOptions = () =>
  queryOptions({ queryKey: blindBoxKeys.box, queryFn: ({ signal }) => getBlindBox(signal), staleTime: 5 * 60_000 });

export const useBlindBox = () => useQuery(blindBoxQueryOptions());

/** Asked only when the odds dialog opens. */
export const useBlindBoxChance = (enabled: boolean) =>
  useQuery({
    queryKey: blindBoxKeys.chance(),
    queryFn: ({ signal }) => getBlindBoxChance(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
