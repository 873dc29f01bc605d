import type { AssignPenguinBody, CollectPenguinsResponse } from '@starport/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client.ts';
import { penguinKeys } from './penguin-keys.ts';

type Answer = { error: false; msg: string };

export const assignShip = (body: AssignPenguinBody) => api.post<Answer>('/api/my/peguins/assign', body);
export const removeShip = (penguinId: string) =>
  apiRequest<Answer>(`/api/my/peguins/assign/${encodeURIComponent(penguinId)}`, { method: 'DELETE' });
export const collectEarnings = () => api.post<CollectPenguinsResponse>('/api/my/peguins/collect');

/** Each action reads the page again whatever the answer: a refusal means what was shown was out of date. */
function usePenguinAction<In, Out>(mutationFn: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: penguinKeys.all }) });
}

export const useAssignShip = () => usePenguinAction(assignShip);
export const useRemoveShip = () => usePenguinAction(removeShip);
export const useCollectEarnings = () => usePenguinAction(() => collectEarnings());
