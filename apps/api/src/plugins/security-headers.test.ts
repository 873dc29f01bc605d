import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeadersPlugin } from './security-headers.ts';

describe('security headers', () => {
  it('are helmet’s headers for the options, computed once', () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: { directives: { 'frame-ancestors': ["'none'"] } },
      crossOriginEmbedderPolicy: false,
    });
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('refuse a CSP directive that would have to be computed per request', () => {
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", () => "'nonce-x'"] } } }),
    ).toThrow(/per request/);
  });

  it('reach every answer, and a route can still override one', async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, {});
    app.get('/a', async () => ({ ok: true }));
    app.get('/b', async (_req, reply) =>
      reply.header('content-security-policy', "default-src 'none'").send({ ok: true }),
    );
    const [a, b, missing] = await Promise.all(['/a', '/b', '/nope'].map((url) => app.inject({ url })));
    expect(a!.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(missing!.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(b!.headers['content-security-policy']).toBe("default-src 'none'");
    await app.close();
  });
});
