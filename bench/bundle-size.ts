// The gzipped JavaScript a first visit to `/` and to `/market` loads, from the built SPA
// (run `npm run build` first). Per page: the entry chunk and its static imports, plus the
// page's lazily loaded route chunk and its static imports. Target: ≤ 200 KiB gzipped each.
// It also checks that none of these pages loads the land map (maplibre, its worker, the base
// layer, the country lookup): a lazy chunk of the land pages only. A page that does fails the run.
// Run: node --import tsx bench/bundle-size.ts [--dist=apps/web/dist]
// Uses the Vite manifest (dist/.vite/manifest.json) when the build wrote one; otherwise the
// <script>/<link rel=modulepreload> tags of index.html and the chunks' `import … from` lines.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const TARGET_KIB = 200;
// A first visit is signed out; the header loads the profile menu lazily once signed in,
// shown as an extra row for reference (not a target).
const PAGES = [
  { url: '/', routes: ['home-page'] },
  { url: '/market', routes: ['market-page'] },
  { url: '/market, signed in', routes: ['market-page', 'profile-menu'] },
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, /^--dist=(.+)$/.exec(process.argv.find((a) => a.startsWith('--dist=')) ?? '')?.[1] ?? 'apps/web/dist');
const html = existsSync(path.join(dist, 'index.html')) ? readFileSync(path.join(dist, 'index.html'), 'utf8') : null;
if (!html) {
  console.error(`No ${path.join(dist, 'index.html')}: run \`npm run build\` first.`);
  process.exit(1);
}

type Manifest = Record<string, { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;
const manifestPath = path.join(dist, '.vite', 'manifest.json');
const manifest: Manifest | null = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : null;

/** Files are paths relative to dist, e.g. assets/index-abc.js. */
const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g;

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function closure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (manifest) {
      const entry = Object.values(manifest).find((e) => e.file === file);
      for (const key of entry?.imports ?? []) visit(manifest[key]!.file);
      return;
    }
    for (const m of read(file).matchAll(STATIC_IMPORT)) visit(path.posix.join(path.posix.dirname(file), m[1]!));
  };
  start.forEach(visit);
  return seen;
}

/** The entry chunk(s): from the manifest, or index.html's module script and modulepreload links. */
function entryFiles(): string[] {
  if (manifest) return Object.values(manifest).filter((e) => e.isEntry).map((e) => e.file);
  const tags = [...html!.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"|<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)];
  return tags.map((m) => (m[1] ?? m[2])!.replace(/^\//, ''));
}

/** The lazily loaded chunk of a route module, by its name (e.g. market-page-<hash>.js). */
function routeChunk(route: string): string {
  if (manifest) {
    const entry = Object.values(manifest).find((e) => e.src?.includes(`/${route}.`));
    if (entry) return entry.file;
  }
  const files = readdirSync(path.join(dist, 'assets')).filter((f) => new RegExp(`^${route}-[\\w-]+\\.js$`).test(f));
  if (files.length !== 1) throw new Error(`expected one ${route}-*.js chunk in ${dist}/assets, found ${files.length}`);
  return `assets/${files[0]}`;
}

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const raw = (file: string) => readFileSync(path.join(dist, file)).length;
const kib = (n: number) => (n / 1024).toFixed(1);

// The land map's files by name, and maplibre's code wherever Rollup might put it: the class name
// it gives its canvas survives minification (its licence banner does not).
const LAND_FILE = /(^|\/)(land-map-panel|maplibre-gl[\w-]*|country-coder|countries-\d+m)-[\w-]+\.(js|json|css)$/;
const MAPLIBRE_CODE = 'maplibregl-canvas';
const isLandFile = (file: string) => LAND_FILE.test(file) || (file.endsWith('.js') && read(file).includes(MAPLIBRE_CODE));
const landFiles: string[] = [];

const entry = closure(entryFiles());
console.log(`${dist} (${manifest ? 'Vite manifest' : 'index.html + static imports'}); gzip level 6, KiB = 1024 bytes`);
console.log(['page'.padEnd(18), 'chunks', 'raw KiB', 'gzip KiB', `target ≤ ${TARGET_KIB}`, 'largest (gzip KiB)'].join(' | '));
for (const page of PAGES) {
  const files = new Set([...entry, ...closure(page.routes.map(routeChunk))]);
  const list = [...files].map((f) => ({ f, gz: gz(f), raw: raw(f) })).sort((a, b) => b.gz - a.gz);
  const total = list.reduce((s, x) => s + x.gz, 0);
  const largest = list.slice(0, 3).map((x) => `${path.basename(x.f)} ${kib(x.gz)}`).join(', ');
  landFiles.push(...[...files].filter(isLandFile).map((f) => `${page.url}: ${path.basename(f)}`));
  console.log(
    [page.url.padEnd(18), String(files.size).padStart(6), kib(list.reduce((s, x) => s + x.raw, 0)).padStart(7), kib(total).padStart(8), (page.routes.length > 1 ? '(info)' : total <= TARGET_KIB * 1024 ? 'ok' : 'MISSED').padStart(TARGET_KIB.toString().length + 9), largest].join(' | '),
  );
}

// index.html's own tags (modulepreload, stylesheet) are requested by every first visit too.
const htmlLand = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!.replace(/^\//, '')).filter((f) => LAND_FILE.test(f));
landFiles.push(...htmlLand.map((f) => `index.html: ${path.basename(f)}`));
const landChunks = readdirSync(path.join(dist, 'assets')).filter((f) => LAND_FILE.test(f));
console.log(
  landChunks.length
    ? `land map: ${landChunks.length} lazy files, ${kib(landChunks.reduce((sum, f) => sum + gz(`assets/${f}`), 0))} KiB gzipped (${landChunks.join(', ')})`
    : 'land map: not in this build (no page shows it yet)',
);
if (landFiles.length) {
  console.log(`land map loaded by a first page: MISSED (${landFiles.join('; ')})`);
  process.exitCode = 1;
} else {
  console.log(`land map loaded by a first page: none of ${PAGES.map((p) => p.url).join(', ')} (ok)`);
}
