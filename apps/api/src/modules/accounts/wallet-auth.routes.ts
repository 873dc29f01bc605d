import {
  ConnectWalletBodySchema,
  ConnectWalletNonceBodySchema,
  ConnectWalletResponseSchema,
  ErrorResponseSchema,
  WalletLoginResponseSchema,
  WalletNonceResponseSchema,
  WalletParamsSchema,
  WalletSignatureBodySchema,
} from '@starport/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.ts';
import { WALLET_MESSAGES, type WalletAuthService } from './wallet-auth.service.ts';

const errors = { '4xx': ErrorResponseSchema, 503: ErrorResponseSchema };
const tags = ['accounts'];
const bearer = [{ bearerAuth: [] }];

/**
 * The sign-in path carries the wallet address; the request log keeps the route's pattern
 * instead, so the log does not tie addresses to IP addresses (docs/decisions/0020).
 */
const logSerializers = {
  req: (req: FastifyRequest) => ({ method: req.method, url: req.routeOptions.url, host: req.host, remoteAddress: req.ip }),
};

const walletLoginRoutes: FastifyPluginAsyncZod<{ wallet: WalletAuthService }> = async (app, { wallet }) => {
  app.get('/:wallet/nonce', {
    logSerializers,
    schema: {
      tags,
      summary: 'A single-use nonce and the Sign-In with Ethereum message to sign with it (10 minutes)',
      params: WalletParamsSchema,
      response: { 200: WalletNonceResponseSchema, ...errors },
    },
    handler: async (req) => wallet.issueSignInNonce(req.params.wallet, req.ip),
  });

  app.post('/:wallet/signature', {
    logSerializers,
    schema: {
      tags,
      summary: "Sign in with the wallet's signature of the issued message; the first sign-in creates the account",
      params: WalletParamsSchema,
      body: WalletSignatureBodySchema,
      response: { 200: WalletLoginResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, ...(await wallet.signIn(req.params.wallet, req.body, req.ip)) }),
  });
};

const connectWalletRoutes: FastifyPluginAsyncZod<{ wallet: WalletAuthService }> = async (app, { wallet }) => {
  app.post('/connect_wallet/nonce', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security: bearer,
      summary: 'A single-use nonce and the message that links this wallet to the signed-in account',
      body: ConnectWalletNonceBodySchema,
      response: { 200: WalletNonceResponseSchema, ...errors },
    },
    handler: async (req) => wallet.issueLinkNonce(callerOf(req), req.body.wallet),
  });

  app.post('/connect_wallet', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security: bearer,
      summary: 'Link the wallet that signed the link message to the signed-in account (one wallet per account)',
      body: ConnectWalletBodySchema,
      response: { 200: ConnectWalletResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, msg: WALLET_MESSAGES.linked, user: await wallet.link(callerOf(req), req.body) }),
  });
};

/** Wallet sign-in (/api/web3_login) and wallet linking (/api/account/connect_wallet). */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletAuthService }> = async (app, { wallet }) => {
  if (wallet.unavailableReason) app.log.warn(`wallet sign-in answers 503: ${wallet.unavailableReason}`);
  await app.register(walletLoginRoutes, { prefix: '/api/web3_login', wallet });
  await app.register(connectWalletRoutes, { prefix: '/api/account', wallet });
};
