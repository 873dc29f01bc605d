import { createPublicClient, http, type PublicClient } from 'viem';
import type { ChainSetup } from '../../chain/chain-config.ts';

/**
 * One read-only viem client per chain for this area. Short timeouts and no retries: a page or
 * a config call must fail fast with a sentence when the RPC is down, not hang.
 */
export function readClients(): (chain: ChainSetup) => PublicClient {
  const clients = new Map<number, PublicClient>();
  return (chain) => {
    let client = clients.get(chain.id);
    if (!client) {
      // cacheTime 0: viem would otherwise answer getBlockNumber from a 4 s cache, and a page
      // would show stale confirmations.
      client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: 5_000, retryCount: 0 }), cacheTime: 0 });
      clients.set(chain.id, client);
    }
    return client;
  };
}
