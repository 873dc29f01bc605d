import type { PublicChain } from '@starport/schemas/chain';
import { defineChain, type Chain } from 'viem';

/** A chain as the server describes it, in the shape viem and wallet_addEthereumChain need. */
export function toViemChain(chain: PublicChain): Chain {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: { name: chain.nativeSymbol, symbol: chain.nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    ...(chain.explorerUrl ? { blockExplorers: { default: { name: `${chain.name} explorer`, url: chain.explorerUrl } } } : {}),
  });
}

/**
 * wagmi needs at least one chain. A server with no chain configured still lets a wallet sign
 * in (the message names its chain id); this stand-in is never switched to nor sent to.
 */
export const NO_CHAIN_CONFIGURED: Chain = defineChain({
  id: 1,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
});
