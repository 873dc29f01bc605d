import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '../lib/process-alive.ts';

/**
 * The local anvil's pid and its server's, in DATA_DIR. The server ends its anvil on every way
 * out it can see, but a SIGKILL (or a crash of Node itself) leaves anvil running: it holds the
 * port, and its state since the last clean stop exists only in its memory. The next start
 * finds it here and, once sure its server is gone, stops it with SIGTERM, so anvil writes that
 * state to its file before the new one loads it. A server still running keeps its anvil.
 */
export const ANVIL_PID_FILE = 'anvil.pid';

const STOP_WAIT_MS = 15_000;
const KILL_WAIT_MS = 2_000;
const POLL_MS = 100;

type Recorded = { anvil: number; server: number };

/** An anvil that a server still running uses: it is not this start's to stop. */
export class AnvilInUse extends Error {
  constructor(readonly recorded: Recorded) {
    super(
      `Another Starport (pid ${recorded.server}) runs the local chain of this DATA_DIR (anvil, pid ${recorded.anvil}). ` +
        'Stop it first, or give this one another DATA_DIR.',
    );
    this.name = 'AnvilInUse';
  }
}

export function recordAnvilPid(dataDir: string, anvil: number): void {
  const record: Recorded = { anvil, server: process.pid };
  writeFileSync(path.join(dataDir, ANVIL_PID_FILE), JSON.stringify(record));
}

export function forgetAnvilPid(dataDir: string): void {
  rmSync(path.join(dataDir, ANVIL_PID_FILE), { force: true });
}

function readRecord(dataDir: string): Recorded | null {
  try {
    const parsed = JSON.parse(readFileSync(path.join(dataDir, ANVIL_PID_FILE), 'utf8')) as unknown;
    const ok = (n: unknown): n is number => Number.isInteger(n) && (n as number) > 0;
    // A bare pid (the first form of this file) names no server: treated as one that is gone.
    if (ok(parsed)) return { anvil: parsed, server: 0 };
    const { anvil, server } = (parsed ?? {}) as Partial<Recorded>;
    return ok(anvil) && ok(server) ? { anvil, server } : null;
  } catch {
    return null;
  }
}

/** The parent of a process (/proc/{pid}/status), or null when it cannot be read. */
function parentOf(pid: number): number | null {
  try {
    const line = /^PPid:\s*(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) : null;
  } catch {
    return null;
  }
}

/** Signals a process that may have just exited on its own: that is not an error. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

/**
 * True only for an anvil process started on this very state file: a recorded pid may since
 * belong to any other process, which must never be signalled. Reads /proc (Linux); elsewhere
 * nothing can be proven, and nothing is stopped.
 */
export function isAnvilOnStateFile(pid: number, stateFile: string): boolean {
  let args: string[];
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return false;
  }
  const program = path.basename(args[0] ?? '');
  const stateAt = args.indexOf('--state');
  return program.startsWith('anvil') && stateAt >= 0 && args[stateAt + 1] === stateFile;
}

/**
 * Still the child of the server that started it (a killed server's anvil is reparented): in
 * use, unless that server is this process. A pid of the dead server reused by another process
 * does not count, as it is not anvil's parent.
 */
function runByAnotherProcess(recorded: Recorded): boolean {
  return recorded.server !== process.pid && parentOf(recorded.anvil) === recorded.server;
}

/**
 * Who runs this DATA_DIR's anvil, as its pid file says: nobody; a live process (another
 * `npm start` or `npm run chain` of this DATA_DIR), which keeps it; or nobody any more, as a
 * killed server left it running (stopLeftoverAnvil takes it back, keeping its state).
 */
export function localAnvilState(dataDir: string, stateFile: string): 'none' | 'in-use' | 'left-over' {
  const recorded = readRecord(dataDir);
  if (!recorded || !isAnvilOnStateFile(recorded.anvil, stateFile)) return 'none';
  return runByAnotherProcess(recorded) ? 'in-use' : 'left-over';
}

async function waitWhile(running: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (running()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

/**
 * Stops the anvil an earlier start left running on this state file, waiting while it saves its
 * state (SIGKILL after 15 s). Returns the pid it stopped, or null when there was none. Throws
 * AnvilInUse when the server that started it still runs it (another process than this one).
 */
export async function stopLeftoverAnvil(dataDir: string, stateFile: string): Promise<number | null> {
  const recorded = readRecord(dataDir);
  if (!recorded || !isAnvilOnStateFile(recorded.anvil, stateFile)) {
    forgetAnvilPid(dataDir);
    return null;
  }
  if (runByAnotherProcess(recorded)) throw new AnvilInUse(recorded);
  const pid = recorded.anvil;
  const running = () => isProcessAlive(pid) && isAnvilOnStateFile(pid, stateFile);
  signal(pid, 'SIGTERM');
  if (!(await waitWhile(running, STOP_WAIT_MS))) {
    signal(pid, 'SIGKILL');
    await waitWhile(running, KILL_WAIT_MS);
  }
  forgetAnvilPid(dataDir);
  return pid;
}
