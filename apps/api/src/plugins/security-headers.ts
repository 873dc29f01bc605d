import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, computed once. Our configuration has no per-request
 * parts (no CSP nonces, no directive functions), so every answer gets the same headers; running
 * helmet once against a recorder gives them. (@fastify/helmet, used before, builds helmet's
 * middleware anew on every request: a few percent of the CPU of a list call, docs/decisions/0011.)
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const directives =
    typeof options.contentSecurityPolicy === 'object'
      ? Object.values(options.contentSecurityPolicy.directives ?? {})
      : [];
  if (directives.some((d) => typeof d === 'function' || (Array.isArray(d) && d.some((v) => typeof v === 'function')))) {
    throw new Error('helmetHeaders: a CSP directive computed per request cannot be sent as a fixed header');
  }
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** Helmet's security headers on every answer (routes may still override one, e.g. the art's CSP). */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
