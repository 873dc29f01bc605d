import {
  ActivationResponseSchema,
  ChangePasswordBodySchema,
  ErrorResponseSchema,
  ForgotBodySchema,
  KeyParamsSchema,
  LinkEmailBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  LogoutBodySchema,
  MessageResponseSchema,
  ProfileResponseSchema,
  RefreshBodySchema,
  RefreshResponseSchema,
  RegistryBodySchema,
  ResetPasswordBodySchema,
  SecretKeySchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { MESSAGES, type AccountsService } from './accounts.service.ts';
import type { SessionService } from './sessions.service.ts';

const errors = { '4xx': ErrorResponseSchema };
const tags = ['accounts'];
const bearer = [{ bearerAuth: [] }];

/** A malformed key is just an invalid link to the player. */
function parseKey(key: string, invalidMsg: string): string {
  const parsed = SecretKeySchema.safeParse(key);
  if (!parsed.success) throw new AppError('INVALID_KEY', 400, invalidMsg);
  return parsed.data;
}

export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService; sessions: SessionService }> = async (
  app,
  { accounts, sessions },
) => {
  app.post('/registry', {
    schema: { tags, summary: 'Sign up; sends the activation e-mail', body: RegistryBodySchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (req) => ({ error: false as const, msg: await accounts.register(req.body, req.ip) }),
  });

  app.get('/active/:key', {
    schema: {
      tags,
      summary: 'Activate an account (or verify a linked e-mail) with the mailed key; a link opened again once the account is active says already_active',
      params: KeyParamsSchema,
      response: { 200: ActivationResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, ...(await accounts.activate(parseKey(req.params.key, MESSAGES.badActivationKey))) }),
  });

  app.post('/login', {
    schema: {
      tags,
      summary: 'Sign in with e-mail or username; `remember: false` makes a 12-hour session',
      body: LoginBodySchema,
      response: { 200: LoginResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, msg: 'Signed in.', ...(await accounts.login(req.body, req.ip)) }),
  });

  app.post('/forgot', {
    schema: { tags, summary: 'Mail a reset link; same answer whether or not the account exists', body: ForgotBodySchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (req) => ({ error: false as const, msg: await accounts.forgot(req.body.email, req.ip) }),
  });

  app.get('/verify_secret_key/:key', {
    schema: { tags, summary: 'Check a reset key before showing the new-password form', params: KeyParamsSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (req) => ({ error: false as const, msg: await accounts.verifyResetKey(parseKey(req.params.key, MESSAGES.badResetKey)) }),
  });

  app.post('/reset_password', {
    schema: { tags, summary: 'Set a new password with a reset key; ends every session', body: ResetPasswordBodySchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (req) => ({ error: false as const, msg: await accounts.resetPassword(req.body.secret_key, req.body.password) }),
  });

  app.post('/change_password', {
    preHandler: app.requireAuth,
    schema: { tags, security: bearer, summary: 'Change the password; every other session ends', body: ChangePasswordBodySchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (req) => ({ error: false as const, msg: await accounts.changePassword(callerOf(req), req.body.old, req.body.new) }),
  });

  app.post('/refresh_token', {
    schema: { tags, summary: 'Rotate a refresh token: store both returned tokens, the old one is dead', body: RefreshBodySchema, response: { 200: RefreshResponseSchema, ...errors } },
    handler: async (req) => ({ error: false as const, ...(await sessions.refresh(req.body.refresh_token)) }),
  });

  app.get('/profile', {
    preHandler: app.requireAuth,
    schema: { tags, security: bearer, summary: 'The signed-in player', response: { 200: ProfileResponseSchema, ...errors } },
    handler: async (req) => ({ error: false as const, user: await accounts.profile(callerOf(req)) }),
  });

  app.post('/logout', {
    preHandler: app.optionalAuth,
    schema: {
      tags,
      security: bearer,
      summary: 'End the session server-side (by the bearer token and/or the refresh token); always succeeds',
      body: LogoutBodySchema.nullish(),
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (req) => {
      await sessions.end(req.auth ?? undefined, req.body?.refresh_token);
      return { error: false as const, msg: 'You have been signed out.' };
    },
  });

  app.post('/link_email', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security: bearer,
      summary: 'Give an e-mail and a password to an account that has none (a wallet account); mails a verification link',
      body: LinkEmailBodySchema,
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, msg: await accounts.linkEmail(callerOf(req), req.body.email, req.body.password) }),
  });

  app.post('/resend_activation', {
    preHandler: app.requireAuth,
    schema: { tags, security: bearer, summary: 'Mail a new verification link for the unverified e-mail', response: { 200: MessageResponseSchema, ...errors } },
    handler: async (req) => ({ error: false as const, msg: await accounts.resendActivation(callerOf(req)) }),
  });
};
