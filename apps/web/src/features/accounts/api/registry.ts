import type { MessageResponse, RegistryBody } from '@starport/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const registry = (body: RegistryBody): Promise<MessageResponse> =>
  api.post<MessageResponse>('/api/account/registry', body, { auth: false });

export const useRegistry = () => useMutation({ mutationFn: registry });
