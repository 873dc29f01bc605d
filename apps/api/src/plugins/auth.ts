import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthContext, SessionService } from '../modules/accounts/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the bearer token belongs to a live session. */
    requireAuth: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: sets req.auth when a valid token is sent, never fails. */
    optionalAuth: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Resolves the caller from `Authorization: Bearer`; routes opt in with requireAuth. */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { sessions: SessionService }) => {
    app.decorateRequest('auth', null);
    app.decorate('requireAuth', async (req: FastifyRequest) => {
      req.auth = await opts.sessions.authenticate(req.headers.authorization);
    });
    app.decorate('optionalAuth', async (req: FastifyRequest) => {
      if (!req.headers.authorization) return;
      req.auth = await opts.sessions.authenticate(req.headers.authorization).catch(() => null);
    });
  },
  { name: 'auth' },
);

/** The caller of a route guarded by requireAuth. */
export function callerOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new Error('route is missing the requireAuth preHandler');
  return req.auth;
}
