// Keeps the cluster's processes running, as systemd or a container orchestrator would: a
// process that exits without being asked is started again (after a short pause that grows
// while it keeps crashing), and a stop is a SIGTERM with a grace period, then SIGKILL.
// Each process writes its output to its own log file.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { EventEmitter } from 'node:events';

const RESTART_PAUSE_MS = 200;
const MAX_RESTART_PAUSE_MS = 5000;

/**
 * One supervised process. Events: 'start' (pid), 'exit' ({ code, signal, expected, pid }).
 * @typedef {{ name: string, args: string[], env: Record<string, string>, cwd: string, logFile: string,
 *             healthUrl?: string, isReady?: () => Promise<boolean> }} ProcessSpec
 */
export class Supervised extends EventEmitter {
  /** @param {ProcessSpec} spec */
  constructor(spec) {
    super();
    this.spec = spec;
    this.child = undefined;
    this.stopping = false;
    this.restarts = 0;
    this.crashStreak = 0;
    this.log = createWriteStream(spec.logFile, { flags: 'a' });
  }

  get pid() {
    return this.child?.pid;
  }

  start() {
    this.stopping = false;
    const child = spawn(process.execPath, this.spec.args, {
      cwd: this.spec.cwd,
      env: this.spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout.pipe(this.log, { end: false });
    child.stderr.pipe(this.log, { end: false });
    const startedAt = Date.now();
    this.emit('start', child.pid);
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      const expected = this.stopping;
      this.emit('exit', { code, signal, expected, pid: child.pid });
      if (expected) return;
      // A process that ran a while before dying is restarted at once; one that keeps dying
      // right after its start waits longer each time, so a broken configuration does not spin.
      this.crashStreak = Date.now() - startedAt > 10_000 ? 1 : this.crashStreak + 1;
      const pause = Math.min(RESTART_PAUSE_MS * 2 ** (this.crashStreak - 1), MAX_RESTART_PAUSE_MS);
      this.restarts++;
      this.log.write(`\n[supervisor] ${this.spec.name} exited (${signal ?? code}); restarting in ${pause} ms\n`);
      setTimeout(() => !this.stopping && this.start(), pause).unref();
    });
    return child.pid;
  }

  /** Waits until the process answers its health URL with 200 or its own check (without either, until it runs). */
  async ready(timeoutMs = 120_000) {
    const until = Date.now() + timeoutMs;
    const check = this.spec.isReady ?? (this.spec.healthUrl ? () => healthy(this.spec.healthUrl) : async () => true);
    while (Date.now() < until) {
      if (this.child && (await check())) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${this.spec.name} did not become ready in ${timeoutMs / 1000} s; see ${this.spec.logFile}`);
  }

  /** Sends a signal to the running process (the fault suite's SIGKILL, for one). */
  signal(sig) {
    if (!this.child) return false;
    return this.child.kill(sig);
  }

  /** SIGTERM, then SIGKILL after graceMs; resolves with how long the process took to exit. */
  async stop(graceMs = 15_000) {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return 0;
    const began = Date.now();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
    return Date.now() - began;
  }

  close() {
    this.log.end();
  }
}

export async function healthy(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** True when a JSON-RPC node answers eth_chainId at url (anvil answers a plain GET with 400). */
export async function rpcAnswers(url) {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(2000),
    });
    const body = await res.json();
    return typeof body?.result === 'string';
  } catch {
    return false;
  }
}
