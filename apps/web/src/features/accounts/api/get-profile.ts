import type { ProfileResponse } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

export const getProfile = (): Promise<ProfileResponse> => api.get<ProfileResponse>('/api/account/profile');

/** Rechecks the session; refetched on focus so an e-mail verified in another tab shows up. */
export const useProfile = (enabled: boolean) =>
  useQuery({
    queryKey: accountKeys.profile(),
    queryFn: getProfile,
    enabled,
    staleTime: 30_000,
  });
