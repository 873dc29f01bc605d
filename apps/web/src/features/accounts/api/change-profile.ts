import type { ChangeProfileResponse } from '@starport/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveUser } from '../../../lib/session-storage.ts';
import { accountKeys } from './query-keys.ts';

export const changeProfile = (body: { username: string; avatar?: string | null }): Promise<ChangeProfileResponse> =>
  api.post<ChangeProfileResponse>('/api/account/change_profile', body);

/** The stored user follows at once, so the header shows the new name without a reload. */
export const useChangeProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeProfile,
    onSuccess: (data) => {
      saveUser(data.user);
      queryClient.setQueryData(accountKeys.profile(), { error: false, user: data.user });
    },
  });
};
