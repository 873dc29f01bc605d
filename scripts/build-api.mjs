// The API server as one ES module, for `npm start` and the end-to-end servers (decision 0060).
//
// Why: started with `node --import tsx`, every one of the server's ~3,000 module loads (our
// TypeScript and every package's JavaScript) goes through tsx's loader hooks, which Node 20 runs
// on a separate thread; that was most of a warm start's 8.5 s. Bundled, Node loads one file of
// our code and the packages natively.
//
// What is bundled: our own TypeScript (apps/api/src and the workspace packages @starport/*).
// Every other package stays an import of node_modules, loaded as it is installed, so native
// and wasm packages (argon2, PGlite) find their files as they always do.
//
// `import.meta.url` is replaced in each source file by that file's own URL, so paths taken
// from it (the migrations folder, the contracts, the sandbox widget's assets, the web build)
// still point into the source tree: the bundle runs from this checkout, it is not shipped.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { treeFingerprint } from './passed-stamp.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY_POINTS = { main: 'apps/api/src/main.ts' };
export const API_BUNDLE = path.join(ROOT, 'apps/api/dist/main.mjs');
const RECORD = path.join(ROOT, 'apps/api/dist/.build-inputs');
const INPUTS = ['apps/api/src', 'packages/chain/src', 'packages/chain/contracts', 'packages/schemas', 'package-lock.json', 'tsconfig.base.json', 'scripts/build-api.mjs'];

/** Bare imports of third-party packages stay imports; `@starport/*` is our source and is bundled. */
const thirdPartyExternal = {
  name: 'third-party-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@starport/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Each file's `import.meta.url` becomes its own file URL (see the header). */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      const contents = source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

/**
 * Builds the bundle. Its files are written under temporary names and then renamed, so a server
 * starting while another process builds (two `npm start`s, a test beside a start) never loads
 * half a file.
 */
export async function buildApiBundle() {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.values(ENTRY_POINTS),
    outfile: API_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [thirdPartyExternal, ownImportMetaUrl],
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(path.dirname(API_BUNDLE), { recursive: true });
  // the map first: the bundle names it, so it must be in place when the bundle is
  const files = [...result.outputFiles].sort((a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

/** The fingerprint of what the bundle is built from, or null without git (then it always builds). */
function apiBuildInputs() {
  try {
    return treeFingerprint(ROOT, INPUTS);
  } catch {
    return null;
  }
}

/** Builds the bundle unless it was built from exactly these inputs; says which it did. */
export async function ensureApiBundle() {
  const inputs = apiBuildInputs();
  const current = inputs !== null && existsSync(API_BUNDLE) && existsSync(RECORD) && readFileSync(RECORD, 'utf8') === inputs;
  if (current) return 'unchanged';
  await buildApiBundle();
  // Taken before the build: an edit made while it ran means the next start builds again.
  if (inputs !== null) writeFileSync(RECORD, inputs);
  return 'built';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildApiBundle();
  console.log(`API bundle: ${path.relative(ROOT, API_BUNDLE)} (${Math.round(performance.now() - started)} ms)`);
}
