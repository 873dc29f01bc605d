import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isWebRoute } from '@starport/schemas';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** API-owned prefixes: an unknown path under them is a JSON 404, never the SPA. */
const API_PREFIXES = ['/api/', '/site/', '/dev/', '/docs', '/healthz', '/images/', '/sandbox/'];

/**
 * Serves the built SPA: hashed assets cached for a year, and index.html for every
 * other GET so the client router draws the page.
 */
export const staticWebPlugin = fp(
  async (app: FastifyInstance, opts: { root?: string }) => {
    const root = path.resolve(opts.root ?? WEB_DIST);
    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ root }, 'web app is not built: run `npm run build`');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset (scripts/precompress.mjs): no compression per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Only <root>/assets/ is hashed: a folder named assets above the root must not make index.html immutable.
        const immutable = path.relative(root, filePath).startsWith(`assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/*', { schema: { hide: true } }, async (req, reply) => {
      const urlPath = req.url.split('?')[0] ?? '/';
      if (API_PREFIXES.some((p) => urlPath.startsWith(p))) {
        return reply.status(404).send({ error: true, code: 'NOT_FOUND', msg: `No such call: GET ${urlPath}` });
      }
      const file = path.join(root, path.normalize(urlPath));
      if (file.startsWith(root + path.sep) && path.extname(file) && existsSync(file)) return reply.sendFile(path.relative(root, file));
      reply.header('cache-control', 'no-cache');
      // Unknown pages still get the app (it draws the 404 page), with a real 404 status.
      if (!isWebRoute(urlPath)) reply.status(404);
      return reply.sendFile('index.html');
    });
  },
  { name: 'static-web' },
);
