import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { marketplaceKeys } from '../../../lib/marketplace-keys.ts';
import { myAssetsKeys } from './my-assets-keys.ts';

/**
 * After a listing is made, repriced or cancelled (or refused because the lists were out of
 * date): My Assets and the marketplace's lists are read again, so both show what the server has.
 */
export function useRefreshMyAssets() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: myAssetsKeys.all });
    void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });
  }, [queryClient]);
}
