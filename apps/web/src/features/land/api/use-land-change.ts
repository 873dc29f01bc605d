import type { CollectionChangeResponse } from '@starport/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { landKeys } from './land-keys.ts';

/**
 * A POST that changes which collection holds which plot. Every land list, detail and the map's
 * colours are read again afterwards, whatever the answer: a refusal (a collection frozen
 * meanwhile) means what the page showed was out of date.
 */
export function useLandChange<Body>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api.post<CollectionChangeResponse>(path, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: landKeys.all }),
  });
}
