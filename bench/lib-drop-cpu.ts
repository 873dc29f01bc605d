// CPU spent on a volley of bench/drop.ts: this Node process (the server under test runs in it)
// and the PostgreSQL backends serving the scratch database, read from /proc. On 2 shared cores
// attempts/s moves with whatever else runs; CPU per attempt moves much less.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../apps/api/src/db/client.ts';

const TICK_MS = 10; // USER_HZ = 100 (getconf CLK_TCK) on Linux

/** utime + stime of a process in ms, or null when it is gone or not on this machine. */
function procCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm)": state is field 3, utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** The bench's own connections (seeding, checks, sampling) say so, and are not counted. */
export const CONTROL_APP_NAME = 'starport-drop-control';

/** The scratch database's client backends, but for the bench's own. */
async function backends(control: Database): Promise<Map<number, number>> {
  const rows = await queryRows<{ pid: number }>(
    control.db,
    sql`SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND backend_type = 'client backend' AND application_name <> ${CONTROL_APP_NAME}`,
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = procCpuMs(pid);
    if (ms !== null) cpu.set(pid, ms);
  }
  return cpu;
}

export type CpuSpent = { nodeMs: number; postgresMs: number | null };

/**
 * Starts measuring; the returned function stops and gives the CPU spent since. A backend
 * that starts in between counts in full; one that ends in between is lost (the pools keep
 * theirs open while busy). postgresMs is null when no backend could be read (a remote server).
 */
export async function cpuMeter(control: Database): Promise<() => Promise<CpuSpent>> {
  const node0 = process.cpuUsage();
  const pg0 = await backends(control);
  return async () => {
    const node = process.cpuUsage(node0);
    const pg1 = await backends(control);
    let postgresMs = 0;
    for (const [pid, ms] of pg1) postgresMs += ms - (pg0.get(pid) ?? 0);
    return { nodeMs: (node.user + node.system) / 1000, postgresMs: pg1.size ? postgresMs : null };
  };
}
