// The embedded database's clusters, made once per installation (decision 0074).
//
// A first start used to run PGlite's initdb in its new data folder: ~3.9 s of a ~9 s first start
// on this machine, and the same result every time for one PGlite version. So `npm install` makes
// one empty cluster (as Debian's postgresql package runs initdb when it is installed) in
// node_modules/.cache, and a second one with this checkout's migrations applied (they took another
// ~1 s of a first start). A start whose data folder is empty copies the migrated one there
// (42 MB, 0.7–1.4 s on this machine's disk) and opens it. The copy is the same as what the start would have written: PGlite itself
// made it, with the same version, settings and migrations (all three are in the template's name,
// so an upgrade of PGlite, a change of its start parameters or another set of migrations never
// copies an old one). A checkout whose migrations changed since the install copies the empty
// cluster and migrates it; without templates (an install with --ignore-scripts, say) a start runs
// initdb as before.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

const execFileAsync = promisify(execFile);

/** The folder that holds the templates: node_modules/.cache/starport beside PGlite's package. */
export function templateCacheDir(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const at = entry.lastIndexOf(`${path.sep}node_modules${path.sep}`);
    return at < 0 ? null : path.join(entry.slice(0, at), 'node_modules', '.cache', 'starport');
  } catch {
    return null;
  }
}

/** PGlite's installed version, read from its package.json (its exports do not include it). */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** What a template was made from: PGlite's version and start parameters, and for a migrated one the migrations. */
export type TemplateKey = { startParams: string[]; migrationsFolder: string };

/**
 * The two templates' folders, or null when there is no cache folder: `empty` is initdb's
 * cluster for this PGlite version and these start parameters; `migrated` is the same with
 * every migration of this checkout applied (its name holds the migrations' hash too, so a
 * checkout with other migrations never copies it, and falls back on the empty one).
 */
export function clusterTemplateDirs(key: TemplateKey, cacheDir = templateCacheDir()): { empty: string; migrated: string } | null {
  if (!cacheDir) return null;
  const cluster = hash(JSON.stringify({ pglite: pgliteVersion(), startParams: key.startParams }));
  return {
    empty: path.join(cacheDir, `pglite-cluster-${cluster}`),
    migrated: path.join(cacheDir, `pglite-cluster-${cluster}-migrated-${migrationsHash(key.migrationsFolder)}`),
  };
}

/**
 * Makes both templates unless they are there. Each is made in a folder of its own and renamed
 * into place, so a template, once it exists, is whole (two installs at once each make one; the
 * second rename loses and its folder is removed). `migrate` applies the migrations to a PGlite.
 */
export async function makeClusterTemplates(
  key: TemplateKey,
  migrate: (pglite: PGlite) => Promise<void>,
  cacheDir = templateCacheDir(),
): Promise<'made' | 'present' | 'no cache folder'> {
  const dirs = clusterTemplateDirs(key, cacheDir);
  if (!dirs) return 'no cache folder';
  if (isCluster(dirs.empty) && isCluster(dirs.migrated)) return 'present';
  mkdirSync(path.dirname(dirs.empty), { recursive: true });
  if (!isCluster(dirs.empty)) {
    await intoPlace(dirs.empty, async (making) => {
      const pglite = await PGlite.create(making, { startParams: key.startParams });
      await pglite.close();
    });
  }
  if (!isCluster(dirs.migrated)) {
    await intoPlace(dirs.migrated, async (making) => {
      cpSync(dirs.empty, making, { recursive: true });
      const pglite = await PGlite.create(making, { startParams: key.startParams });
      try {
        await migrate(pglite);
      } finally {
        await pglite.close();
      }
    });
  }
  return 'made';
}

/**
 * Fills an empty data folder with a copy of the migrated template, else of the empty one, if
 * there is one. The copy goes to a folder beside it first and is renamed into place, so a start
 * stopped half-way leaves the data folder empty (the next start copies again), never half a
 * cluster. Returns which template it copied. The server starts its local chain meanwhile
 * (decision 0075), so the copy must not hold the event loop: see copyTree.
 */
export async function copyClusterTemplate(dataDir: string, key: TemplateKey, cacheDir = templateCacheDir()): Promise<'migrated' | 'empty' | null> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return null;
  const dirs = clusterTemplateDirs(key, cacheDir);
  const which = !dirs ? null : isCluster(dirs.migrated) ? 'migrated' : isCluster(dirs.empty) ? 'empty' : null;
  if (!dirs || !which) return null;
  const copying = `${dataDir}.copying-${process.pid}`;
  rmSync(copying, { recursive: true, force: true });
  try {
    await copyTree(dirs[which], copying);
  } catch (err) {
    rmSync(copying, { recursive: true, force: true });
    throw err;
  }
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(copying, dataDir);
  return which;
}

/**
 * Copies the folder `from` to `to` (which must not exist) in a `cp` process: on another core, and
 * as fast as cpSync (~0.6 s for the 1,300 files here), where fs.promises.cp took 1.5 s of many
 * small steps on the event loop. Where there is no `cp` the copy is Node's own.
 */
async function copyTree(from: string, to: string): Promise<void> {
  try {
    await execFileAsync('cp', ['-Rp', from, to]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await cp(from, to, { recursive: true });
  }
}

/** Makes `dir` by `make` in a folder beside it, then renames that into place. */
async function intoPlace(dir: string, make: (making: string) => Promise<void>): Promise<void> {
  const making = `${dir}.making-${process.pid}`;
  rmSync(making, { recursive: true, force: true });
  try {
    await make(making);
    renameSync(making, dir);
  } catch (err) {
    rmSync(making, { recursive: true, force: true });
    if (!isCluster(dir)) throw err;
  }
}

/** A folder that initdb finished: PostgreSQL writes PG_VERSION and global/pg_control. */
function isCluster(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION')) && existsSync(path.join(dir, 'global', 'pg_control'));
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Every file of the migrations folder (SQL and drizzle's journal), names and contents. */
function migrationsHash(folder: string): string {
  const digest = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else digest.update(`${path.relative(folder, file)}\0`).update(readFileSync(file)).update('\0');
    }
  };
  walk(folder);
  return digest.digest('hex').slice(0, 16);
}
