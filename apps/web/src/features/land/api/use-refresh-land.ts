import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { landKeys } from './land-keys.ts';

/** Reads every land list, detail and the map's cells again: Refresh, and after plots were bought. */
export function useRefreshLand() {
  const queryClient = useQueryClient();
  const refreshing = useIsFetching({ queryKey: landKeys.all }) > 0;
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: landKeys.all }), [queryClient]);
  return { refresh, refreshing };
}
