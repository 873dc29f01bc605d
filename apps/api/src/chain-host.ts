import { chainBannerLines } from './chain/local-banner.ts';
import { provideLocalChain, type SharedLocalChain } from './chain/shared-local-chain.ts';
import { ConfigError, loadConfig } from './config.ts';
import { isProcessAlive } from './lib/process-alive.ts';

/**
 * `npm run chain`: the local chain alone, for API copies and workers that share one PostgreSQL
 * database (docs/decisions/0033). It starts anvil (or restarts it on this DATA_DIR's state),
 * registers it in the database, and runs until stopped; every copy and worker joins it, so
 * stopping a copy never takes the chain down. SIGTERM or Ctrl-C stops anvil, which writes its
 * state first.
 */
async function main() {
  const config = loadConfig();
  if (!config.chains.local) {
    throw new ConfigError(
      'The local chain is off in this configuration (CHAIN_IDS or LOCAL_CHAIN=0 is set, or NODE_ENV is not development): npm run chain has nothing to run.',
    );
  }
  if (!config.databaseUrl) {
    throw new ConfigError(
      'npm run chain runs the local chain for processes that share a PostgreSQL database: set DATABASE_URL. With the embedded database, npm start runs the chain itself.',
    );
  }

  // As in main.ts: no anvil outlives this process, whichever way it ends.
  let anvilPid: number | undefined;
  process.on('exit', () => {
    if (anvilPid === undefined) return;
    try {
      process.kill(anvilPid, 'SIGTERM');
    } catch {
      // already gone
    }
  });
  let local: SharedLocalChain | undefined = undefined;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await local?.stop();
    anvilPid = undefined;
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop());

  local = await provideLocalChain(config, { onAnvilStarted: (pid) => (anvilPid = pid) });
  if (stopping) return;
  if (local.joined) {
    throw new ConfigError(
      `The local chain of this database already runs from DATA_DIR ${local.joined.dataDir} on ${local.joined.host} (RPC ${local.chain.rpcUrl}): ` +
        'API copies and workers join that one, so npm run chain has nothing to do.',
    );
  }
  const lines = [
    '',
    '  Starport local chain, registered in the database of DATABASE_URL',
    ...chainBannerLines(local.config.chains, local, config.dataDir),
    '  API copies (npm start) and workers (npm run worker) on this database join it.',
    '  Ctrl-C or SIGTERM stops it; anvil writes its state first.',
  ];
  console.log(`${lines.join('\n')}\n`);

  // anvil holds the chain: should it end on its own, say so and end too (a restart recovers it).
  const pid = anvilPid;
  setInterval(() => {
    if (stopping || pid === undefined || isProcessAlive(pid)) return;
    anvilPid = undefined;
    console.error(
      `The local chain (anvil, pid ${pid}) ended on its own; run npm run chain again to restart it from its state.`,
    );
    process.exit(1);
  }, 1000);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
