import type { ContactBody, MessageResponse } from '@starport/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const sendContact = (body: ContactBody): Promise<MessageResponse> =>
  api.post<MessageResponse>('/api/contact', body);

export const useSendContact = () => useMutation({ mutationFn: sendContact });
