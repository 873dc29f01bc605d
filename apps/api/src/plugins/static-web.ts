import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isWebRoute } from '@starport/schemas';
import { createRouteHints } from './route-hints.ts';
import { createIndexPage, pageHead, prerenderedFile, serverRenderedMarket, type PageFacts } from './static-web-page.ts';
import { createMarketRenderer } from './static-web-render.ts';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

export type StaticWebOptions = {
  root?: string;
  /** Facts written into the page sent (static-web-page.ts); without them, index.html as built. */
  facts?: PageFacts;
  /** How long a server render of the marketplace is sent again before the next (decision 0080). */
  renderTtlMs?: number;
};

type MarketRenderer = ReturnType<typeof createMarketRenderer>;

/**
 * The marketplace rendered with its list (decision 0080), the page's prerender (decision 0073) or
 * index.html, with the page's head hints; undefined (send index.html as built) when none applies
 * or they cannot be read. A build without the prerendered pages (`npm start`'s quick build) gets
 * index.html. The server-rendered marketplace has its list and pictures in the HTML, so it takes
 * no hints: like the landing, nothing but the page is fetched before its first paint.
 */
async function pageWithHints(
  app: FastifyInstance,
  indexPage: ReturnType<typeof createIndexPage>,
  routeHints: ReturnType<typeof createRouteHints>,
  renderMarket: MarketRenderer,
  facts: PageFacts,
  url: string,
): Promise<string | undefined> {
  const [urlPath = '/', search = ''] = url.split('?');
  try {
    const market = await serverRenderedMarket(urlPath, search, facts);
    const rendered =
      market &&
      (await renderMarket(urlPath, market.homeVersion).catch((err: unknown) => {
        app.log.warn({ err }, 'marketplace sent without its server render');
        return undefined;
      }));
    if (rendered) return rendered;
    const headFor = routeHints().then((hints) => pageHead(urlPath, search, facts, hints));
    const [head, prerendered] = await Promise.all([headFor, prerenderedFile(urlPath, search, facts)]);
    const page = prerendered && (await indexPage(head, prerendered));
    if (page) return page;
    return head ? await indexPage(head) : undefined;
  } catch (err) {
    app.log.warn({ err }, 'page sent without its preload hints');
    return undefined;
  }
}

/** API-owned prefixes: an unknown path under them is a JSON 404, never the SPA. */
const API_PREFIXES = ['/api/', '/site/', '/dev/', '/docs', '/healthz', '/images/', '/sandbox/'];

/**
 * Serves the built SPA: hashed assets cached for a year, and index.html for every
 * other GET so the client router draws the page.
 *
 * Nothing is read from the build at registration: `npm start` builds the web app while the
 * server starts (decision 0063), so the folder may be empty, or still hold the previous build
 * that vite is about to empty, when this runs; the server listens only once the build is there.
 * So @fastify/static only lends reply.sendFile (serve: false: no route per file found at start),
 * and every request looks at the folder as it is.
 */
export const staticWebPlugin = fp(
  async (app: FastifyInstance, opts: StaticWebOptions) => {
    const root = path.resolve(opts.root ?? WEB_DIST);
    const indexPage = createIndexPage(root);
    const routeHints = createRouteHints(root);
    const renderMarket = createMarketRenderer(
      root,
      async (url) => {
        const answer = await app.inject({ method: 'GET', url });
        return { status: answer.statusCode, body: answer.body };
      },
      opts.renderTtlMs ?? 5_000,
    );
    await app.register(fastifyStatic, {
      root,
      serve: false,
      // a missing folder is the not-built case below, said once when a page is asked for
      suppressWarning: true,
      index: false,
      // The build writes .br/.gz beside each asset (scripts/precompress.mjs); a file without them
      // yet (precompression runs after a first start is healthy) is compressed as it is sent.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Only <root>/assets/ is hashed: a folder named assets above the root must not make index.html immutable.
        const immutable = path.relative(root, filePath).startsWith(`assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    let warned = false;
    app.get('/*', { schema: { hide: true } }, async (req, reply) => {
      const urlPath = req.url.split('?')[0] ?? '/';
      const notFound = () =>
        reply.status(404).send({ error: true, code: 'NOT_FOUND', msg: `No such call: GET ${urlPath}` });
      if (API_PREFIXES.some((p) => urlPath.startsWith(p))) return notFound();
      if (!existsSync(path.join(root, 'index.html'))) {
        if (!warned) app.log.warn({ root }, 'web app is not built: run `npm run build`');
        warned = true;
        return notFound();
      }
      const file = path.join(root, path.normalize(urlPath));
      // The pages the server writes into and the code it renders with are its own, never sent as files.
      const serverOnly = file.startsWith(path.join(root, 'prerendered') + path.sep);
      if (file.startsWith(root + path.sep) && !serverOnly && path.extname(file) && existsSync(file))
        return reply.sendFile(path.relative(root, file));
      reply.header('cache-control', 'no-cache');
      // Unknown pages still get the app (it draws the 404 page), with a real 404 status.
      if (!isWebRoute(urlPath)) reply.status(404);
      const page = opts.facts && (await pageWithHints(app, indexPage, routeHints, renderMarket, opts.facts, req.url));
      if (page) return reply.type('text/html; charset=utf-8').send(page);
      return reply.sendFile('index.html');
    });
  },
  { name: 'static-web' },
);
