import { z } from 'zod';

/** Every failure answers with this envelope; `code` is stable, `msg` is for a person. */
export const ErrorResponseSchema = z.object({
  error: z.literal(true),
  code: z.string(),
  msg: z.string(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** A success that only carries a sentence for the player. */
export const MessageResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
});
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Error codes the web app branches on. */
export const ErrorCodes = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  // A refresh token spent seconds ago by another tab (docs/decisions/0079): the session goes on,
  // and the new tokens are that tab's to share through storage.
  'REFRESH_TOKEN_ROTATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_NOT_ACTIVE',
  'INVALID_KEY',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'ALREADY_LINKED',
  // A 409 at checkout: the player already has ORDER_MAX_PENDING unpaid orders (docs/api-payments.md).
  'TOO_MANY_UNPAID_ORDERS',
  // A payment-opening call's Idempotency-Key (docs/decisions/0025): first request still running (409),
  // or the key already used for another request (422).
  'IDEMPOTENCY_IN_PROGRESS',
  'IDEMPOTENCY_KEY_REUSED',
  // Wallet sign-in and linking (docs/api-wallet.md): 401s that no token refresh can cure.
  'INVALID_MESSAGE',
  'INVALID_NONCE',
  'INVALID_SIGNATURE',
  'WALLET_TAKEN',
  'UNAVAILABLE',
  // Staking calls on a server without a units chain staking contract (docs/api-staking.md).
  'STAKING_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ErrorCodes)[number];
