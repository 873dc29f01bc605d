import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Fields of a success answer that are credentials: session tokens, and the single-use nonce a
 * wallet signs. A shared or browser cache must never keep one or hand it to someone else.
 */
const CREDENTIAL_FIELDS = ['access_token', 'refresh_token', 'nonce'];

/**
 * `Cache-Control: no-store` on every answer of a route whose success schema carries a
 * credential: the schema is the one place that says what an answer holds, so a new route that
 * issues tokens is covered without remembering a header.
 */
export const noStoreCredentialsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
      const success = Object.entries(responses).filter(([status]) => /^2/.test(status));
      if (!success.some(([, schema]) => carriesCredential(schema))) return;
      route.onSend = [...toList(route.onSend), noStore];
    });
  },
  { name: 'no-store-credentials' },
);

async function noStore(_req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', 'no-store');
  return payload;
}

const toList = (hooks: RouteOptions['onSend']): onSendHookHandler[] =>
  (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]) as onSendHookHandler[];

/** A zod object (or a union of them) with a credential among its fields. */
function carriesCredential(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const { shape, options } = schema as { shape?: unknown; options?: unknown };
  if (Array.isArray(options)) return options.some(carriesCredential);
  return Boolean(shape && typeof shape === 'object' && CREDENTIAL_FIELDS.some((field) => field in shape));
}
