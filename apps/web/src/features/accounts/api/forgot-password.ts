import type { MessageResponse } from '@starport/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const forgotPassword = (body: { email: string }): Promise<MessageResponse> =>
  api.post<MessageResponse>('/api/account/forgot', body, { auth: false });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
