import type { GinTermsResponse } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ginKeys } from './gin-keys.ts';

/** GET /api/convert/gin/terms: the networks Gin can be burnt on, the rate and the limits (no networks: unavailable). */
export const getGinTerms = (signal?: AbortSignal) =>
  api.get<GinTermsResponse>('/api/convert/gin/terms', { signal });

export const useGinTerms = () =>
  useQuery({ queryKey: ginKeys.terms(), queryFn: ({ signal }) => getGinTerms(signal), staleTime: 5 * 60_000 });
