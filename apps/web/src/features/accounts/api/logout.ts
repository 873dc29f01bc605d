import type { MessageResponse } from '@starport/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { emitLogout } from '../../../lib/session-events.ts';
import { clearSession, getRefreshToken } from '../../../lib/session-storage.ts';

/**
 * Ends the session server-side. The refresh token in the body identifies it, so no access token
 * is sent: an expired one would otherwise trigger a refresh that rotates the very token we end.
 */
export const logout = (refreshToken: string | null): Promise<MessageResponse> =>
  api.post<MessageResponse>('/api/account/logout', refreshToken ? { refresh_token: refreshToken } : {}, {
    auth: false,
  });

export function useLogout() {
  return useMutation({
    mutationFn: () => logout(getRefreshToken()),
    // Signing out locally must not depend on the server being reachable.
    onSettled: () => {
      clearSession();
      emitLogout();
    },
  });
}
