import type { MessageResponse } from '@starport/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const resendActivation = (): Promise<MessageResponse> =>
  api.post<MessageResponse>('/api/account/resend_activation');

export const useResendActivation = () => useMutation({ mutationFn: resendActivation });
