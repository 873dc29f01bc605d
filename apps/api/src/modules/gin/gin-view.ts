import type { GinConversion } from '@starport/schemas';
import { chainById, type ChainsConfig } from '../../chain/chain-config.ts';
import { explorerTxUrl } from '../../chain/clients.ts';
import type { GinConversionRow } from './gin-conversions.repo.ts';

/** A chain id as wallets and the spec name it: 0x1, 0x38. */
export const hexChainId = (id: number) => `0x${id.toString(16)}`;

/** A conversion as the player sees it; a quote that lapsed with no transaction reads `expired`. */
export function conversionView(chains: ChainsConfig, c: GinConversionRow): GinConversion {
  const lapsed = c.status === 'quoted' && c.expiresAt.getTime() <= Date.now();
  return {
    tid: c.tid,
    status: lapsed ? 'expired' : (c.status as GinConversion['status']),
    network: hexChainId(c.chainId),
    chain_id: c.chainId,
    total: c.totalGin,
    amount: c.amountBase.toString(),
    dnc: c.dnc,
    token: c.tokenAddress as GinConversion['token'],
    burn_address: c.burnAddress as GinConversion['burn_address'],
    payer: c.payer as GinConversion['payer'],
    txh: c.txHash,
    tx_url: explorerTxUrl(chainById(chains, c.chainId), c.txHash),
    failure: c.failure,
    expires_at: c.expiresAt.toISOString(),
    created_at: c.createdAt.toISOString(),
  };
}
