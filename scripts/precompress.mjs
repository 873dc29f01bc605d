// Writes .br and .gz beside each text file of the web build, so the server sends compressed
// bytes without compressing on every request (@fastify/static preCompressed).
// Run: node scripts/precompress.mjs <dist folder>
//
// It runs on every build `npm start` makes, so its time is start-up time (issue 21). The files
// are compressed in parallel on libuv's thread pool, and brotli's top quality (11) is kept for
// files up to 400 KB, which includes every chunk of a first visit. The few larger chunks (map,
// 3D scene, wallet), loaded only when a page needs them, get quality 10: about 2 % more bytes,
// at less than half the time (all at 11 took 5.9 s on 2 cores, mixed 1.6 s in parallel).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
// Below this, headers cost more than the bytes saved.
const MIN_BYTES = 1024;
const TOP_QUALITY_MAX_BYTES = 400 * 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

async function precompress(file) {
  const raw = readFileSync(file);
  const quality = raw.length <= TOP_QUALITY_MAX_BYTES ? 11 : 10;
  const [br, gzipped] = await Promise.all([
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gz(raw, { level: 9 }),
  ]);
  if (br.length < raw.length) writeFileSync(`${file}.br`, br);
  if (gzipped.length < raw.length) writeFileSync(`${file}.gz`, gzipped);
}

const dist = path.resolve(process.argv[2] ?? 'dist');
const targets = [...files(dist)].filter((file) => TEXT.has(path.extname(file)) && statSync(file).size >= MIN_BYTES);
await Promise.all(targets.map(precompress));
console.log(`precompressed ${targets.length} files in ${path.relative(process.cwd(), dist) || '.'}`);
