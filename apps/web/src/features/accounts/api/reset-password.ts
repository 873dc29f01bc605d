import type { MessageResponse } from '@starport/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const resetPassword = (body: { password: string; secret_key: string }): Promise<MessageResponse> =>
  api.post<MessageResponse>('/api/account/reset_password', body, { auth: false });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
