// The local cluster: API copies, a job worker and (optionally) the local chain, each a
// supervised process, on one PostgreSQL, behind one round-robin proxy. `npm run cluster` runs it
// for people (scripts/cluster/main.mjs); the fault suite (bench/faults.ts) runs it to break it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProxy } from './proxy.mjs';
import { healthy, rpcAnswers, Supervised } from './supervisor.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = ['--import', 'tsx'];

/**
 * @param {{
 *   databaseUrl: string,
 *   dataDir: string,
 *   port?: number,            // the proxy's, the address players use (0: a free one)
 *   copyPorts?: number[],     // one per API copy (default 3001, 3002)
 *   chain?: boolean,          // run the local chain in a process of its own, shared by all
 *   env?: Record<string, string>,
 *   onEvent?: (line: string) => void,
 *   onForward?: (path: string, upstream: { host: string, port: number }) => void,
 * }} opts
 */
export async function startCluster(opts) {
  const copyPorts = opts.copyPorts ?? [3001, 3002];
  const logs = path.join(opts.dataDir, 'logs');
  mkdirSync(logs, { recursive: true });
  const say = opts.onEvent ?? (() => {});
  const processes = [];
  let proxy;

  const stop = async () => {
    // At once, for every process: a Ctrl-C in the terminal reaches them all together, and none
    // of those exits may be taken for a crash and restarted.
    for (const p of processes) p.stopping = true;
    await proxy?.close();
    // Copies and workers first (they use the chain and the database), the chain last.
    const stopTimes = {};
    for (const group of [processes.filter((p) => p.spec.name !== 'chain'), processes.filter((p) => p.spec.name === 'chain')])
      await Promise.all(group.map(async (p) => (stopTimes[p.spec.name] = await p.stop())));
    for (const p of processes) p.close();
    return stopTimes;
  };

  try {
    // The proxy's address is every copy's PUBLIC_URL, so it must be known before they start.
    proxy = await startProxy({
      port: opts.port ?? 3000,
      upstreams: copyPorts.map((port) => ({ host: '127.0.0.1', port })),
      onForward: opts.onForward,
    });
    const common = {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PUBLIC_URL: proxy.url,
      DATABASE_URL: opts.databaseUrl,
      RUN_WORKERS: '0',
      SEED_DEMO: '0',
      ...(opts.chain ? {} : { LOCAL_CHAIN: '0' }),
      ...opts.env,
    };
    const spawnOne = (name, entry, env, healthUrl, isReady) => {
      const dataDir = path.join(opts.dataDir, name);
      mkdirSync(dataDir, { recursive: true });
      const p = new Supervised({
        name,
        args: [...TSX, path.join(ROOT, entry)],
        env: { ...common, DATA_DIR: dataDir, ...env },
        cwd: ROOT,
        logFile: path.join(logs, `${name}.log`),
        healthUrl,
        isReady,
      });
      p.on('start', (pid) => say(`${name} started (pid ${pid})`));
      p.on('exit', (e) => say(`${name} (pid ${e.pid}) exited: ${e.signal ?? `code ${e.code}`}${e.expected ? '' : ', restarting'}`));
      processes.push(p);
      p.start();
      return p;
    };

    // The chain host registers the chain before anvil answers, so once it answers every copy
    // and the worker join it (decision 0033) instead of racing to start one of their own.
    const chainPort = opts.env?.LOCAL_CHAIN_PORT ?? '8545';
    if (opts.chain) await spawnOne('chain', 'apps/api/src/chain-host.ts', {}, undefined, () => rpcAnswers(`http://127.0.0.1:${chainPort}`)).ready();
    // The first copy migrates and seeds the demo data (when asked) before the others start, so
    // they never seed at the same time.
    const copies = copyPorts.map((port, i) => ({ name: `api-${i + 1}`, port }));
    const first = copies[0];
    await spawnOne(first.name, 'apps/api/src/main.ts', { PORT: String(first.port), SEED_DEMO: opts.env?.SEED_DEMO ?? '0' }, `http://127.0.0.1:${first.port}/healthz`).ready();
    const rest = copies.slice(1).map((c) => spawnOne(c.name, 'apps/api/src/main.ts', { PORT: String(c.port), SEED_DEMO: '0' }, `http://127.0.0.1:${c.port}/healthz`));
    await Promise.all(rest.map((p) => p.ready()));
    await spawnOne('worker', 'apps/api/src/worker.ts', {}).ready();
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url: proxy.url,
    proxy,
    processes,
    /** the supervised process by name: 'api-1', 'api-2', 'worker', 'chain' */
    get: (name) => processes.find((p) => p.spec.name === name),
    copyUrl: (name) => `http://127.0.0.1:${copyPorts[Number(name.split('-')[1]) - 1]}`,
    /** the API copy that listens on this port */
    copyAt: (port) => `api-${copyPorts.indexOf(port) + 1}`,
    healthy,
    stop,
  };
}
