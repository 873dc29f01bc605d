import type { MessageResponse } from '@starport/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const changePassword = (body: { old: string; new: string }): Promise<MessageResponse> =>
  api.post<MessageResponse>('/api/account/change_password', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
