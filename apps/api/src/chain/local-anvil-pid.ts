import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '../lib/process-alive.ts';

/**
 * The local anvil's pid, in DATA_DIR. The server ends its anvil on every way out it can see,
 * but a SIGKILL (or a crash of Node itself) leaves anvil running: it holds the port, and its
 * state since the last clean stop exists only in its memory. The next start finds it here and
 * stops it with SIGTERM, so anvil writes that state to its file before the new one loads it.
 */
export const ANVIL_PID_FILE = 'anvil.pid';

const STOP_WAIT_MS = 15_000;
const POLL_MS = 100;

export function recordAnvilPid(dataDir: string, pid: number): void {
  writeFileSync(path.join(dataDir, ANVIL_PID_FILE), String(pid));
}

export function forgetAnvilPid(dataDir: string): void {
  rmSync(path.join(dataDir, ANVIL_PID_FILE), { force: true });
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
 * Stops the anvil an earlier start left running on this state file, waiting while it saves its
 * state (SIGKILL after 15 s). Returns the pid it stopped, or null when there was none.
 */
export async function stopLeftoverAnvil(dataDir: string, stateFile: string): Promise<number | null> {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, ANVIL_PID_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAnvilOnStateFile(pid, stateFile)) {
    forgetAnvilPid(dataDir);
    return null;
  }
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + STOP_WAIT_MS;
  while (isProcessAlive(pid) && isAnvilOnStateFile(pid, stateFile)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  forgetAnvilPid(dataDir);
  return pid;
}
