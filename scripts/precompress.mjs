// Writes .br and .gz beside each text file of the web build, so the server sends compressed
// bytes without compressing on every request (@fastify/static preCompressed).
// Run: node scripts/precompress.mjs <dist folder>
//
// `npm run build` runs it after vite; `npm start` runs it in the background once the server
// listens (decision 0063), while the server already serves the build: each file is written
// under a temporary name and renamed, so a request never reads half a .br, and a file whose
// .br is not there yet is compressed as it is sent (plugins/compression.ts). A stop (SIGTERM)
// ends it between two files; `.precompressed` in the folder says it finished, and a start
// without it runs it again.
//
// The files are compressed in parallel on libuv's thread pool, and brotli's top quality (11) is
// kept for files up to 400 KB, which includes every chunk of a first visit. The few larger
// chunks (map, 3D scene, wallet), loaded only when a page needs them, get quality 10: about 2 %
// more bytes, at less than half the time (all at 11 took 5.9 s on 2 cores, mixed 1.6 s in parallel).
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
// Below this, headers cost more than the bytes saved.
const MIN_BYTES = 1024;
const TOP_QUALITY_MAX_BYTES = 400 * 1024;
const DONE = '.precompressed';
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Whether the build in `dist` has all its compressed copies (vite's emptyOutDir removes the mark). */
export const isPrecompressed = (dist) => existsSync(path.join(dist, DONE));

// The server's own render code (scripts/prerender.mjs, decision 0080) is read from disk, never sent.
const SERVER_ONLY = path.join('prerendered', 'ssr');

function* files(dir, root = dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (path.relative(root, full) === SERVER_ONLY) continue;
    if (statSync(full).isDirectory()) yield* files(full, root);
    else yield full;
  }
}

/** Writes in one go (no await between the write and the rename), so a stop never splits them. */
function replace(file, bytes) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
}

async function precompress(file) {
  const raw = readFileSync(file);
  const quality = raw.length <= TOP_QUALITY_MAX_BYTES ? 11 : 10;
  const [br, gzipped] = await Promise.all([
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gz(raw, { level: 9 }),
  ]);
  if (br.length < raw.length) replace(`${file}.br`, br);
  if (gzipped.length < raw.length) replace(`${file}.gz`, gzipped);
}

/** Compresses every text file of `dist`, then marks the folder as done. */
export async function precompressBuild(dist) {
  const targets = [...files(dist)].filter((file) => TEXT.has(path.extname(file)) && statSync(file).size >= MIN_BYTES);
  await Promise.all(targets.map(precompress));
  writeFileSync(path.join(dist, DONE), '');
  return targets.length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Exit between two writes, never inside one (JavaScript runs the handler between callbacks).
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(130));
  const dist = path.resolve(process.argv[2] ?? 'dist');
  const count = await precompressBuild(dist);
  console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dist) || '.'}`);
}
