// Build-time prerender of the landing page (issue 21, decision 0073), and the page the server
// renders the marketplace into on each request (decision 0080).
// Run: node scripts/prerender.mjs   (by `npm run build` after vite, before precompress.mjs)
//
// It builds apps/web/src/prerender.tsx for Node with the app's own Vite config, renders the
// app's first render of each page below with react-dom/static (every query loading, no session,
// the page's lazy chunk waited for), and writes apps/web/dist/prerendered/<name>.html: the built
// index.html with that markup in #root and all its CSS inline, and nothing else to fetch before
// the first paint: a small file (the CSP allows no inline script) starts the entry once the page
// is painted. The server sends it for `/` without a query while the landing is the home page
// (apps/api/src/plugins/static-web.ts); the app adopts the markup with hydrateRoot (main.tsx).
//
// A page marked `atRequest` is not rendered here: its file holds SERVER_ROOT and SERVER_DATA
// where the server writes the markup and the answers it rendered with, and the Node build of
// prerender.tsx is kept in dist/prerendered/ssr for the server to render with.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(repo, 'apps/web');
const dist = path.join(web, 'dist');
const ssrOut = path.join(dist, 'prerendered/ssr');

/** Where the server writes a request-time render and its data (apps/api/src/plugins/static-web-render.ts). */
const SERVER_ROOT = '<!--starport:root-->';
const SERVER_DATA = '<!--starport:first-data-->';

/**
 * name (file in dist/prerendered), address rendered, the home_version it shows (written into the
 * page for the app's first render), page module (for its CSS), and whether the server renders it
 * on each request with its data (decision 0080; prerendered without data, the marketplace only
 * moved the app's work into the blocking time, decision 0073).
 */
export const PAGES = [
  { name: 'home-1', path: '/', homeVersion: 1, module: 'src/app/routes/home-page.tsx' },
  { name: 'market', path: '/market', module: 'src/app/routes/market-page.tsx', atRequest: true },
];

/** The chunks of `module` and those it imports statically, minus the entry's, and their CSS. */
function filesOf(manifest, module, entryKey) {
  const skip = new Set();
  const walkEntry = (key) => {
    if (skip.has(key)) return;
    skip.add(key);
    (manifest[key].imports ?? []).forEach(walkEntry);
  };
  walkEntry(entryKey);
  const js = [];
  const css = [];
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || skip.has(key)) return;
    seen.add(key);
    js.push(`/${manifest[key].file}`);
    (manifest[key].css ?? []).forEach((file) => css.includes(`/${file}`) || css.push(`/${file}`));
    (manifest[key].imports ?? []).forEach(visit);
  };
  if (!manifest[module]) throw new Error(`prerender: ${module} is not in the build's manifest`);
  visit(module);
  return { js, css };
}

const started = Date.now();
const manifestFile = path.join(dist, '.vite/manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entryKey) throw new Error('prerender: no entry in the manifest');
const entry = `/${manifest[entryKey].file}`;

await build({
  configFile: path.join(web, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: path.join(web, 'src/prerender.tsx'), outDir: ssrOut, emptyOutDir: true, manifest: false },
});
const { render, holdEarlyPresses, holdOptions } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);

const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryTag = `<script type="module" crossorigin src="${entry}"></script>`;
const cssLink = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;
const hintsTag = /<script async src="\/assets\/route-hints-[\w-]+\.js"><\/script>/;
const check = (ok, what) => {
  if (!ok) throw new Error(`prerender: index.html ${what}`);
};
check(index.includes(entryTag), 'does not load the entry as expected');
check(index.includes('<div id="root"></div>'), 'has no empty #root');
check(hintsTag.test(index), 'has no route-hints script');
const entryCss = [...index.matchAll(cssLink)].map((m) => m[1]);
check(entryCss.length > 0, 'links no stylesheet');
const preloadLink = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;
// The app asks for the setting itself once it runs; before the paint it would be one more request.
const settingLink = /<!-- Every page reads the site setting[^>]*-->\s*<link rel="preload" href="\/site\/setting" as="fetch" crossorigin="anonymous" \/>\s*/;
check(settingLink.test(index), 'has no preload of the site setting');
const readCss = (href) => readFileSync(path.join(dist, href), 'utf8').replace(/<\/style/gi, '<\\/style');

mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
for (const page of PAGES) {
  const markup = page.atRequest ? SERVER_ROOT : await render(page.path, page.homeVersion);
  const files = filesOf(manifest, page.module, entryKey);
  // What the first paint needs is in the page itself: the markup and all its CSS (a few KB; the
  // CSP allows inline styles, not scripts). Each stylesheet was one more request before the paint.
  const style = [...entryCss, ...files.css].map(readCss).join('\n');
  // Nothing else is asked for before the first paint: Lighthouse's simulation counts every
  // request that ended before a paint in that paint's time, whatever its priority. Once the page
  // is painted, its boot file starts the entry (the CSP allows no inline script); the entry's
  // imports and the page's chunk follow from it. (Adding modulepreload links for them from here
  // cost ~20 ms of main thread, 80 ms at Lighthouse's 4× slowdown.)
  // It first holds presses made before the app has hydrated, played again once it has
  // (app/early-press.ts): the page looks ready long before its buttons answer.
  const bootSource = `// Generated by scripts/prerender.mjs (decision 0073).
(function () {
  (${holdEarlyPresses.toString()})(document, ${JSON.stringify(holdOptions)});
  var started = false;
  function start() {
    if (started) return;
    started = true;
    import(${JSON.stringify(entry)});
  }
  // A hidden tab paints nothing (no animation frame): start at once.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
})();
`;
  const boot = `/assets/boot-${page.name}-${createHash('sha256').update(bootSource).digest('hex').slice(0, 8)}.js`;
  writeFileSync(path.join(dist, boot), bootSource);
  const head = [
    ...(page.homeVersion ? [`<meta name="starport-home" content="${page.homeVersion}">`] : []),
    `<style>${style}</style>`,
    `<script type="module" async crossorigin src="${boot}"></script>`,
  ].join('\n    ');
  const html = index
    .replace(entryTag, () => head)
    .replace(cssLink, '')
    .replace(hintsTag, '')
    .replace(preloadLink, '')
    .replace(settingLink, '')
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>${page.atRequest ? SERVER_DATA : ''}`);
  writeFileSync(path.join(dist, 'prerendered', `${page.name}.html`), html);
}
console.log(`prerendered ${PAGES.map((p) => p.name).join(', ')} in ${Date.now() - started} ms`);
