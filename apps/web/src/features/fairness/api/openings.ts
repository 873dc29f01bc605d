import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { OpeningResponse, OpeningsPageResponse } from '@starport/schemas';
import { FAIRNESS_QUERY_KEY, OPENINGS_KEY } from './query-keys.ts';

export const OPENINGS_PAGE_SIZE = 20;

/** GET /api/fairness/openings: the signed-in player's openings, newest first. */
export const getOpenings = (page: number, signal?: AbortSignal) =>
  api.get<OpeningsPageResponse>('/api/fairness/openings', { signal, query: { page, limit: OPENINGS_PAGE_SIZE } });

/** GET /api/fairness/openings/{id}: one opening, public, without the player's data. */
export const getOpening = (id: string, signal?: AbortSignal) =>
  api.get<OpeningResponse>(`/api/fairness/openings/${encodeURIComponent(id)}`, { auth: false, signal });

export const useOpenings = (page: number, enabled: boolean) =>
  useQuery({
    queryKey: [...OPENINGS_KEY, page],
    queryFn: ({ signal }) => getOpenings(page, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useOpening = (id: string | null) =>
  useQuery({
    queryKey: [...FAIRNESS_QUERY_KEY, 'opening', id],
    queryFn: ({ signal }) => getOpening(id!, signal),
    enabled: id !== null,
  });
