// The API server as one ES module, for `npm start` and the end-to-end servers (decision 0060).
//
// Why: started with `node --import tsx`, every one of the server's ~3,000 module loads (our
// TypeScript and every package's JavaScript) goes through tsx's loader hooks, which Node 20 runs
// on a separate thread; that was most of a warm start's 8.5 s. Bundled, Node loads one file of
// our code and the packages natively.
//
// Two bundles of the same code (decision 0072):
// - `main.mjs`, the packed bundle: our own TypeScript (apps/api/src, the workspace packages
//   @starport/*) and the installed packages that are plain JavaScript. Node's loader resolving,
//   reading and linking those ~1,200 files one by one was ~1 s of a warm start's CPU. Packages
//   that find files of their own at run time stay imports of node_modules, loaded as installed:
//   native and wasm ones (argon2, PGlite), ones that start worker threads from a file (pino's
//   transports) or serve a folder (swagger-ui), and those loaded at first use
//   (load-when-used.ts). `require` inside it is Node's, made for the bundle's path (the banner).
//   It takes ~2 s to build, so a start never waits for it: npm start builds it in the
//   background once the server listens, and runs it from the next start on.
// - `main-own-code.mjs`: our own code only, every package an import of node_modules, built in
//   ~0.5 s: what a start runs while the packed bundle is missing or out of date (a first start).
// The end-to-end servers and the Lighthouse bench run the packed bundle, as a usual start does.
//
// `import.meta.url` is replaced in each source file by that file's own URL, so paths taken
// from it (the migrations folder, the contracts, the sandbox widget's assets, the web build)
// still point into the source tree: the bundle runs from this checkout, it is not shipped.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { keepSources } from './own-source-map.mjs';
import { treeFingerprint } from './passed-stamp.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY_POINTS = { main: 'apps/api/src/main.ts' };
const DIST = path.join(ROOT, 'apps/api/dist');
export const API_BUNDLE = path.join(DIST, 'main.mjs');
export const OWN_CODE_BUNDLE = path.join(DIST, 'main-own-code.mjs');
// what each bundle was built from (the build-inputs fingerprint)
const RECORDS = { [API_BUNDLE]: path.join(DIST, '.build-inputs'), [OWN_CODE_BUNDLE]: path.join(DIST, '.build-inputs-own-code') };
const INPUTS = ['apps/api/src', 'packages/chain/src', 'packages/chain/contracts', 'packages/schemas', 'package-lock.json', 'tsconfig.base.json', 'scripts/build-api.mjs', 'scripts/own-source-map.mjs'];

/**
 * Packages left as imports (see the header): each needs its own files beside it at run time, is
 * optional, or is loaded only when used. A package added to the server that reads a file
 * relative to its own code belongs here (the end-to-end suite runs the bundled server, so it
 * finds one that is missing).
 */
const LOADED_AS_INSTALLED = [
  '@electric-sql/pglite', // its wasm and data files
  '@node-rs/argon2', // native
  'sharp', // native
  'solc', // the compiler's wasm; only the chain tools use it
  '@foundry-rs/anvil', // the binary
  'pino', // transports run in worker threads started from its files
  'pino-pretty',
  'thread-stream',
  '@fastify/swagger', // swagger-ui serves its own folder; the pair stays together
  '@fastify/swagger-ui',
  'pg-native', // optional, absent: pg asks for it only when told to
  'stripe', // load-when-used.ts
  'ioredis',
  'nodemailer',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  '@rapideditor/country-coder',
];
const escapeForRegExp = (text) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

// Filters narrow enough that esbuild calls into this JavaScript only for the files concerned:
// called for every import and every file of the packages, it waited here ~1 s per build.
const INSTALLED_PACKAGE_IMPORT = new RegExp(`^(${LOADED_AS_INSTALLED.map(escapeForRegExp).join('|')})(/|$)`);
const OWN_SOURCE_FILE = new RegExp(`^${escapeForRegExp(ROOT)}[\\\\/](apps|packages)[\\\\/].*\\.[cm]?[jt]s$`);

/**
 * The own-code bundle: every installed package stays an import, named to esbuild as `external`
 * (each package and its subpaths) rather than by a resolve callback: a callback into this
 * JavaScript for each of our ~2,000 imports was a third of the build, which a first start waits
 * for (decision 0075). Our workspace packages (@starport/*) are bundled: they are TypeScript.
 */
function everyInstalledPackage() {
  const nodeModules = path.join(ROOT, 'node_modules');
  const names = [];
  for (const entry of readdirSync(nodeModules)) {
    if (entry.startsWith('.') || entry === '@starport') continue;
    if (!entry.startsWith('@')) names.push(entry);
    else for (const scoped of readdirSync(path.join(nodeModules, entry))) names.push(`${entry}/${scoped}`);
  }
  return names.flatMap((name) => [name, `${name}/*`]);
}

const installedWhereNeeded = {
  name: 'installed-where-needed',
  setup(b) {
    b.onResolve({ filter: INSTALLED_PACKAGE_IMPORT }, (args) => ({ path: args.path, external: true }));
  },
};

/** Only our own files are mapped (own-source-map.mjs says why). */
const isOwnSource = (source) => !source.includes('node_modules/');

/**
 * Each file's `import.meta.url` becomes its own file URL (see the header). esbuild calls back
 * only for the few files that use it, found here first: reading every file takes milliseconds,
 * where a callback for each of the ~400 bundled files took a few hundred.
 */
function ownImportMetaUrl() {
  const users = ownSourceFiles().filter((file) => readFileSync(file, 'utf8').includes('import.meta.url'));
  const filter = users.length > 0 ? new RegExp(`^(${users.map(escapeForRegExp).join('|')})$`) : /^$/;
  return {
    name: 'own-import-meta-url',
    setup(b) {
      b.onLoad({ filter }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const contents = source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
        return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
      });
    },
  };
}

/** Every file of ours that a bundle could take in: apps/ and packages/, without their installs and builds. */
function ownSourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (!entry.isDirectory()) {
        if (OWN_SOURCE_FILE.test(full)) files.push(full);
      } else if (entry.name !== 'node_modules' && entry.name !== 'dist' && !entry.name.startsWith('.')) walk(full);
    }
  };
  for (const dir of ['apps', 'packages']) walk(path.join(ROOT, dir));
  return files;
}

/**
 * Builds one of the bundles (API_BUNDLE, the packed one, unless told otherwise). Its files are
 * written under temporary names and then renamed, so a server starting while another process
 * builds (two `npm start`s, a test beside a start) never loads half a file.
 */
export async function buildApiBundle(outfile = API_BUNDLE) {
  const packed = outfile === API_BUNDLE;
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.values(ENTRY_POINTS),
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false, // stack traces need positions only
    ...(packed ? { plugins: [installedWhereNeeded, ownImportMetaUrl()] } : { external: everyInstalledPackage(), plugins: [ownImportMetaUrl()] }),
    ...(packed && { banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" } }),
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(DIST, { recursive: true });
  // the map first: the bundle names it, so it must be in place when the bundle is
  const files = [...result.outputFiles].sort((a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    // The own-code bundle's map has only our sources already.
    const contents = packed && file.path.endsWith('.map') ? JSON.stringify(keepSources(JSON.parse(file.text), isOwnSource)) : file.contents;
    writeFileSync(temporary, contents);
    renameSync(temporary, file.path);
  }
}

/** The fingerprint of what the bundles are built from, or null without git (then they always build). */
function apiBuildInputs() {
  try {
    return treeFingerprint(ROOT, INPUTS);
  } catch {
    return null;
  }
}

const isCurrent = (bundle, inputs) =>
  inputs !== null && existsSync(bundle) && existsSync(RECORDS[bundle]) && readFileSync(RECORDS[bundle], 'utf8') === inputs;

/** Builds `bundle` unless it was built from exactly the current inputs; says which it did. */
export async function ensureApiBundle(bundle = API_BUNDLE, inputs = apiBuildInputs()) {
  if (isCurrent(bundle, inputs)) return 'unchanged';
  await buildApiBundle(bundle);
  // Taken before the build: an edit made while it ran means the next start builds again.
  if (inputs !== null) writeFileSync(RECORDS[bundle], inputs);
  return 'built';
}

/**
 * The bundle a start runs: the packed one when it is current, otherwise the own-code one
 * (built now if it is not current either); `packLater` says the packed one should be built.
 */
export async function bundleForStart() {
  const inputs = apiBuildInputs();
  if (isCurrent(API_BUNDLE, inputs)) return { bundle: API_BUNDLE, packLater: false };
  await ensureApiBundle(OWN_CODE_BUNDLE, inputs);
  return { bundle: OWN_CODE_BUNDLE, packLater: true };
}

// `node scripts/build-api.mjs [--own-code] [--if-changed]`: builds the packed bundle (or the
// own-code one); with --if-changed only when its inputs changed since its last build.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const bundle = process.argv.includes('--own-code') ? OWN_CODE_BUNDLE : API_BUNDLE;
  const done = process.argv.includes('--if-changed') ? await ensureApiBundle(bundle) : (await buildApiBundle(bundle), 'built');
  console.log(`API bundle: ${path.relative(ROOT, bundle)} ${done} (${Math.round(performance.now() - started)} ms)`);
}
