import type { MessageResponse } from '@starport/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

export const linkEmail = (body: { email: string; password: string }): Promise<MessageResponse> =>
  api.post<MessageResponse>('/api/account/link_email', body);

export function useLinkEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkEmail,
    // The profile now holds the (unverified) e-mail; refetching updates the stored user.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile() }),
  });
}
