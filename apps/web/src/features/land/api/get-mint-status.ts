import type { MintStatusResponse } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mintPollDelay, MINTING } from '../model/mint-state.ts';
import { landKeys } from './land-keys.ts';

/** POST /api/minting/request/mint_status: one collection's mint state, transaction and explorer link. */
export const getMintStatus = (collectionID: number, signal?: AbortSignal) =>
  api.post<MintStatusResponse>('/api/minting/request/mint_status', { collectionID }, { signal });

/**
 * The mint of one collection, asked again with a growing pause (mintPollDelay) while it is
 * minting; a finished mint (minted, or failed back to 0) is not asked again.
 */
export const useMintStatus = (collectionID: number, enabled: boolean) =>
  useQuery({
    queryKey: landKeys.mintStatus(collectionID),
    queryFn: ({ signal }) => getMintStatus(collectionID, signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.state === MINTING ? mintPollDelay(query.state.dataUpdateCount) : false),
  });
