import { createPublicClient, defineChain, http, type Chain, type PublicClient, type Transport } from 'viem';
import type { ChainSetup } from './chain-config.ts';

export type ChainClient = PublicClient<Transport, Chain>;

/**
 * How patient a client is. `job`: one RPC call may take 10 s and is tried twice (a job retries
 * later anyway). `request`: for a call made while a player waits (a contract wallet's sign-in),
 * 3 s and no retry, so a slow node or a caller's expensive check cannot hold requests open.
 */
export type ClientPace = 'job' | 'request';
const PACE: Record<ClientPace, { timeout: number; retryCount: number }> = {
  job: { timeout: 10_000, retryCount: 1 },
  request: { timeout: 3_000, retryCount: 0 },
};

const clients = new Map<string, ChainClient>();

/**
 * The server's read-only client of a configured chain, made once per chain and RPC address and
 * reused: viem batches nothing across clients, and a client per request would open a new HTTP
 * agent each time. Keyed by id and RPC too, so two test chains with one id do not share one.
 */
export function publicClientFor(chain: ChainSetup, pace: ClientPace = 'job'): ChainClient {
  const key = `${chain.id}|${chain.rpcUrl}|${pace}`;
  let client = clients.get(key);
  if (!client) {
    client = createPublicClient({
      chain: defineChain({
        id: chain.id,
        name: chain.name,
        nativeCurrency: { name: chain.nativeSymbol, symbol: chain.nativeSymbol, decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
        ...(chain.explorerUrl ? { blockExplorers: { default: { name: chain.name, url: chain.explorerUrl } } } : {}),
      }),
      transport: http(chain.rpcUrl, PACE[pace]),
    });
    clients.set(key, client);
  }
  return client;
}

/**
 * The configured RPC answers another chain than the one it is configured for (a Base Sepolia
 * address under Base's id, say): nothing read from it may decide a payment.
 */
export class ChainMismatchError extends Error {
  constructor(
    readonly configuredId: number,
    readonly answeredId: number,
  ) {
    super(`CHAIN_${configuredId}_RPC_URL answers chain ${answeredId}, not ${configuredId}`);
    this.name = 'ChainMismatchError';
  }
}

/** Per client, the one eth_chainId check that passed (a failed or refused one is forgotten). */
const checked = new WeakMap<ChainClient, Promise<void>>();

/**
 * publicClientFor(chain), once its RPC has said it serves `chain.id` (eth_chainId, asked on the
 * first use and remembered while it holds). Anything that decides money reads through this: a
 * transfer found on the wrong chain must never pay. Throws ChainMismatchError on another id, and
 * the RPC's own error when it does not answer; both are asked again next time, so a corrected
 * RPC behind the same address is picked up without a restart.
 */
export async function checkedClientFor(chain: ChainSetup, pace: ClientPace = 'job'): Promise<ChainClient> {
  const client = publicClientFor(chain, pace);
  let check = checked.get(client);
  if (!check) {
    check = client.getChainId().then((answered) => {
      if (answered !== chain.id) throw new ChainMismatchError(chain.id, answered);
    });
    checked.set(client, check);
    check.catch(() => checked.delete(client));
  }
  await check;
  return client;
}

/** {explorerUrl}/tx/{hash}, when the chain has an explorer. */
export function explorerTxUrl(
  chain: Pick<ChainSetup, 'explorerUrl'> | undefined,
  txHash: string | null,
): string | null {
  return chain?.explorerUrl && txHash ? `${chain.explorerUrl}/tx/${txHash}` : null;
}
