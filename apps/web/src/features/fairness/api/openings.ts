import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { FAIRNESS_QUERY_KEY, OPENINGS_KEY, type MyOpening, type PublicOpening } from './types.ts';

export const OPENINGS_PAGE_SIZE = 20;

export type OpeningsResponse = { error: false; data: MyOpening[]; total: number; page: number; limit: number };
export type OpeningResponse = { error: false; data: PublicOpening };

/** GET /api/fairness/openings: the signed-in player's openings, newest first. */
export const getOpenings = (page: number, signal?: AbortSignal) =>
  api.get<OpeningsResponse>('/api/fairness/openings', { signal, query: { page, limit: OPENINGS_PAGE_SIZE } });

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
