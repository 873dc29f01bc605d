import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';

/** Anvil's well-known test mnemonic: its accounts are public, so local chains only. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
export const ANVIL_CHAIN_ID = 31337;

export interface AnvilOptions {
  /** Port on 127.0.0.1; a free one is picked when omitted. */
  port?: number;
  chainId?: number;
  /** Seconds since the epoch for the genesis block (tests pin the clock). */
  timestamp?: number;
  /** How long to wait for `eth_chainId` to answer. */
  startTimeoutMs?: number;
  /**
   * anvil's `--state`: the chain is loaded from this file when it exists and written back when
   * anvil exits on SIGINT/SIGTERM (stop() sends SIGTERM), so balances survive a restart.
   */
  stateFile?: string;
}

export interface AnvilInstance {
  rpcUrl: string;
  port: number;
  chainId: number;
  pid: number;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** The anvil binary from the platform package that @foundry-rs/anvil installs (spawned directly, so the pid is anvil's). */
export function anvilBinaryPath(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const packageJson = require.resolve(`${platformPackage}/package.json`);
  return join(dirname(packageJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function answersChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    const body = (await response.json()) as { result?: string };
    return body.result ? Number(body.result) : undefined;
  } catch {
    return undefined;
  }
}

function stopProcess(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const forceKill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(forceKill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts anvil on 127.0.0.1 and resolves once it says where it listens and answers `eth_chainId`
 * with the expected id. Without a port anvil binds port 0 itself and the port is read from its
 * "Listening on" line: picking a free port first and handing it over raced with other test
 * files doing the same, and the loser's anvil died on the taken port while its start answered
 * from the winner's chain (two test files on one chain, one reverting the other's snapshots).
 */
export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilInstance> {
  const chainId = options.chainId ?? ANVIL_CHAIN_ID;
  // No --silent: it also hides the "Listening on" line; the per-call log lines are drained below.
  const args = ['--host', '127.0.0.1', '--port', String(options.port ?? 0), '--chain-id', String(chainId)];
  args.push('--mnemonic', ANVIL_MNEMONIC);
  if (options.timestamp !== undefined) args.push('--timestamp', String(options.timestamp));
  if (options.stateFile !== undefined) args.push('--state', options.stateFile);

  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // With a state file anvil writes the whole chain on SIGTERM: give it time before SIGKILL.
  const stop = () => stopProcess(child, options.stateFile === undefined ? 3000 : 15_000);
  const timeoutMs = options.startTimeoutMs ?? 15_000;
  const deadline = Date.now() + timeoutMs;

  const port = await listeningPort(child, timeoutMs).catch(async (error: Error) => {
    await stop();
    throw new Error(`anvil did not start: ${error.message}${stderr.trim() ? `: ${stderr.trim()}` : ''}`);
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}: ${stderr.trim()}`);
    const answered = await answersChainId(rpcUrl);
    if (answered === chainId) return { rpcUrl, port, chainId, pid: child.pid!, stop };
    if (answered !== undefined) {
      await stop();
      throw new Error(`port ${port} answers chain ${answered}, not anvil's ${chainId}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`anvil did not answer on ${rpcUrl}: ${stderr.trim()}`);
}

const LISTENING = /Listening on 127\.0\.0\.1:(\d+)/;

/**
 * The port from anvil's own "Listening on" line: printed only once this process holds the socket.
 * stdout keeps flowing afterwards (anvil logs every call there) so the pipe never fills.
 */
function listeningPort(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => finish(new Error(`no "Listening on" line within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = LISTENING.exec(seen);
      if (match) finish(undefined, Number(match[1]));
      else if (seen.length > 64_000) seen = seen.slice(-1000);
    };
    const onExit = (code: number | null) => finish(new Error(`anvil exited with ${code} before listening`));
    function finish(error?: Error, port?: number) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      child.stdout?.resume();
      if (error) reject(error);
      else resolve(port!);
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}
