import type { LoginBody, LoginResponse, User } from '@starport/schemas';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session-storage.ts';
import { accountKeys } from './query-keys.ts';

export const login = (body: LoginBody): Promise<LoginResponse> =>
  api.post<LoginResponse>('/api/account/login', body, { auth: false });

/** Every way of signing in (password, wallet) ends here, so a session is stored one way only. */
export function storeSignIn(
  queryClient: QueryClient,
  data: { user: User; access_token: string; refresh_token: string },
  remember: boolean,
): void {
  // The answer already carries the user: seed the cache so no extra profile call runs.
  queryClient.setQueryData(accountKeys.profile(), { error: false, user: data.user });
  saveSession({ user: data.user, accessToken: data.access_token, refreshToken: data.refresh_token, remember });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (data, body) => storeSignIn(queryClient, data, body.remember ?? true),
  });
}
