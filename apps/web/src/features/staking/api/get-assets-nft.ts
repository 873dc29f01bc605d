import type { AssetsNftResponse } from '@starport/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { stakingKeys } from './get-staking-pool.ts';

/** ASSETS_NFT_MAX_IDS of packages/schemas/src/staking.ts; the package root would bring zod into this page. */
export const ASSETS_NFT_MAX_IDS = 50;

/**
 * POST /api/getAssetsNFT (spec §7.4): the entries (name, image) of the unit type ids a wallet
 * holds (`ids` → data) and has staked (`ids_staking` → dataStaked).
 */
export const getAssetsNft = (ids: readonly number[], staked: readonly number[], signal?: AbortSignal) =>
  api.post<AssetsNftResponse>(
    '/api/getAssetsNFT',
    { ids: ids.slice(0, ASSETS_NFT_MAX_IDS), ids_staking: staked.slice(0, ASSETS_NFT_MAX_IDS) },
    { signal },
  );

export const useAssetsNft = (ids: readonly number[], staked: readonly number[], enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: stakingKeys.assetsNft(ids, staked),
      queryFn: ({ signal }) => getAssetsNft(ids, staked, signal),
      enabled,
    }),
  );
