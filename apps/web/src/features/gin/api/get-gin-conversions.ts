import type { GinConversionsResponse } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ginKeys } from './gin-keys.ts';

/** GET /api/convert/gin/conversions: the player's recent conversions, newest first. */
export const getGinConversions = (signal?: AbortSignal) =>
  api.get<GinConversionsResponse>('/api/convert/gin/conversions', { signal });

export const useGinConversions = () =>
  useQuery({ queryKey: ginKeys.conversions(), queryFn: ({ signal }) => getGinConversions(signal), staleTime: 0 });
