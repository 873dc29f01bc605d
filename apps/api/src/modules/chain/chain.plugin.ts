import type { FastifyPluginAsync } from 'fastify';
import { chainById, LOCAL_CHAIN_ID, type ChainsConfig } from '../../chain/chain-config.ts';
import { describeChainError } from '../../chain/chain-errors.ts';
import { LOCAL_EXPLORER_PATH } from '../../chain/local-chain-config.ts';
import { ChainInfoService } from './chain-info.service.ts';
import { readClients } from './chain-rpc.ts';
import { chainRoutes } from './chain.routes.ts';
import { explorerRoutes } from './explorer.routes.ts';
import { LocalExplorer } from './explorer.service.ts';

/**
 * The chain area: GET /api/chain/config always; the block explorer at /dev/explorer only while
 * the chain is the local anvil (real chains have real explorers).
 */
export const chainPlugin: FastifyPluginAsync<{ chains: ChainsConfig }> = async (app, { chains }) => {
  const client = readClients();
  // describeChainError: the server's RPC address may carry a provider key; it never reaches the log.
  const info = new ChainInfoService(chains, client, (err) =>
    app.log.warn({ error: describeChainError(err) }, 'payment token decimals could not be read'),
  );
  await app.register(chainRoutes, { prefix: '/api/chain', info });

  const local = chains.local ? chainById(chains, LOCAL_CHAIN_ID) : undefined;
  if (local) {
    const explorer = new LocalExplorer(local, client(local), (err) =>
      app.log.warn({ error: describeChainError(err) }, 'local chain did not answer'),
    );
    await app.register(explorerRoutes, { prefix: LOCAL_EXPLORER_PATH, explorer, base: LOCAL_EXPLORER_PATH });
  }
};
