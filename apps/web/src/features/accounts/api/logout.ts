import type { MessageResponse } from '@starport/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clearCart } from '../../../lib/cart-store.ts';
import { emitLogout } from '../../../lib/session-events.ts';
import { clearSession, getRefreshToken } from '../../../lib/session-storage.ts';

/**
 * Ends the session server-side, identified by the bearer token and/or the refresh token. The
 * server's auth is optional here and never answers 401, so no token refresh can start mid-logout.
 */
export const logout = (refreshToken: string | null): Promise<MessageResponse> =>
  api.post<MessageResponse>('/api/account/logout', refreshToken ? { refresh_token: refreshToken } : {});

export function useLogout() {
  return useMutation({
    mutationFn: () => logout(getRefreshToken()),
    // Signing out locally must not depend on the server being reachable.
    onSettled: () => {
      clearSession();
      // Logout empties the cart (storefront.md §4); other tabs follow through storage. A refused
      // token refresh does not: the player did not choose to leave, and visitors keep carts too.
      clearCart();
      emitLogout();
    },
  });
}
