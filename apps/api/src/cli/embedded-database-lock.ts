import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '../lib/process-alive.ts';
import { CliError } from './cli-error.ts';

/**
 * PGlite is one process's database. main.ts keeps DATA_DIR/server.pid while the server runs;
 * refuse while that process lives, and hold the file ourselves meanwhile so a server started
 * during the command refuses too. Returns the release function.
 */
export function claimEmbeddedDatabase(dataDir: string): () => void {
  const pidFile = path.join(dataDir, 'server.pid');
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(pidFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      if (attempt > 0 || (Number.isInteger(pid) && pid > 0 && isProcessAlive(pid))) {
        throw new CliError(
          `Stop Starport first: the embedded database is in use by pid ${pid}.\n(If no Starport is running, delete ${pidFile}.)`,
        );
      }
      rmSync(pidFile, { force: true }); // left by a process that is gone
    }
  }
  return () => {
    if (existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() === String(process.pid))
      rmSync(pidFile, { force: true });
  };
}
