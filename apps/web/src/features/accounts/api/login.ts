import type { LoginBody, LoginResponse } from '@starport/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session-storage.ts';
import { accountKeys } from './query-keys.ts';

export const login = (body: LoginBody): Promise<LoginResponse> =>
  api.post<LoginResponse>('/api/account/login', body, { auth: false });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (data, body) => {
      // The login answer already carries the user: seed the cache so no extra profile call runs.
      queryClient.setQueryData(accountKeys.profile(), { error: false, user: data.user });
      saveSession({
        user: data.user,
        accessToken: data.access_token,
        refreshToken: data.refresh_token,
        remember: body.remember ?? true,
      });
    },
  });
}
