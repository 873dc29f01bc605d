import { useQuery } from '@tanstack/react-query';
import type { BlindBoxChanceResponse } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';
import { blindBoxKeys } from '../../../lib/blind-box.ts';

export const getBlindBoxChance = (signal?: AbortSignal) =>
  api.get<BlindBoxChanceResponse>('/api/my/blindboxs/chance', { auth: false, signal });

export const blindBoxChanceKey = [...blindBoxKeys.box, 'chance'] as const;

/** Asked only when the odds dialog opens. */
export const useBlindBoxChance = (enabled: boolean) =>
  useQuery({
    queryKey: blindBoxChanceKey,
    queryFn: ({ signal }) => getBlindBoxChance(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
