import { DNC_PER_GIN, GIN_MAX_PER_CONVERSION, GIN_TRANSFER_GAS_LIMIT, type GinNetwork, type GinTermsResponse } from '@starport/schemas';
import { ginChains, type ChainsConfig, type GinChain } from '../../chain/chain-config.ts';
import { publicClientFor } from '../../chain/clients.ts';
import { tokenInfo } from '../../chain/erc20.ts';
import { hexChainId } from './gin-view.ts';

/** Gin has 18 decimals on Ethereum and BSC: what terms show while a chain cannot be read. */
const USUAL_GIN_DECIMALS = 18;

/**
 * The networks Gin can be burnt on, from configuration. Decimals are read from the token once
 * per process (erc20.ts tokenInfo); terms never fail on a chain that cannot be read — the quote,
 * which does read it, says so.
 */
export async function ginTerms(chains: ChainsConfig): Promise<GinTermsResponse> {
  const networks = await Promise.all(ginChains(chains).map((g) => networkOf(chains, g)));
  return {
    error: false,
    networks,
    dnc_per_gin: DNC_PER_GIN,
    min: 1,
    max: GIN_MAX_PER_CONVERSION,
    gas_limit: GIN_TRANSFER_GAS_LIMIT,
  };
}

async function networkOf(chains: ChainsConfig, { chain, gin }: GinChain): Promise<GinNetwork> {
  const decimals = await tokenInfo(publicClientFor(chain, 'request'), gin).then(
    (t) => t.decimals,
    () => USUAL_GIN_DECIMALS,
  );
  return {
    network: hexChainId(chain.id),
    chain_id: chain.id,
    name: chain.name,
    token: gin,
    token_decimals: decimals,
    burn_address: chains.ginBurnAddress,
    explorer_url: chain.explorerUrl,
  };
}
