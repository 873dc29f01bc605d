import { z } from 'zod';
import { UserSchema } from './accounts.ts';

/** An EVM address as a path or body field; compared lower-cased everywhere. */
export const WalletAddressSchema = z
  .string({ error: 'A wallet address is required.' })
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'That is not a wallet address (0x followed by 40 hex digits).' });

/** PostgreSQL cannot store U+0000 in text: refused here with the message the API gives for it. */
const hasNoNul = (text: string) => !text.includes('\u0000');
const noNul = { error: 'Text must not contain NUL characters.' } as const;

export const WalletParamsSchema = z.object({ wallet: WalletAddressSchema });

/** GET /api/web3_login/{wallet}/nonce: the nonce and the EIP-4361 message to sign with it. */
export const WalletNonceResponseSchema = z.object({
  error: z.literal(false),
  nonce: z.string(),
  /** the whole Sign-In with Ethereum message, ready for personal_sign */
  message: z.string(),
  chainId: z.number().int(),
  /** ISO time after which the nonce no longer works */
  expiresAt: z.string(),
});
export type WalletNonceResponse = z.infer<typeof WalletNonceResponseSchema>;

/**
 * An account's signature is 65 bytes; a contract wallet's can be far longer (a passkey wallet's
 * WebAuthn data, wrapped with its factory call when not deployed yet, ERC-6492): up to 4 KiB.
 */
const SignatureSchema = z
  .string({ error: 'The signature is missing.' })
  .regex(/^0x[0-9a-fA-F]{2,8192}$/, { error: 'The signature must be 0x followed by at most 8192 hex digits.' });

/**
 * POST /api/web3_login/{wallet}/signature. `message` is the signed text; without it the message
 * issued with the nonce is the one checked (the older client sent only the signature).
 */
export const WalletSignatureBodySchema = z.strictObject({
  signature: SignatureSchema,
  message: z.string().min(1).max(4096).refine(hasNoNul, noNul).optional(),
  /** the referral code (the `code` URL parameter), recorded on a wallet's first sign-in */
  wallet_ref: z.string().max(64).refine(hasNoNul, noNul).optional(),
});
export type WalletSignatureBody = z.infer<typeof WalletSignatureBodySchema>;

export const WalletLoginResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
  user: UserSchema,
  /** true when this sign-in created the account */
  created: z.boolean(),
});
export type WalletLoginResponse = z.infer<typeof WalletLoginResponseSchema>;

/** POST /api/account/connect_wallet/nonce (signed in): a link nonce for this wallet. */
export const ConnectWalletNonceBodySchema = z.strictObject({ wallet: WalletAddressSchema });

/** POST /api/account/connect_wallet (signed in): links the wallet that signed the link message. */
export const ConnectWalletBodySchema = z.strictObject({
  wallet: WalletAddressSchema,
  signature: SignatureSchema,
  message: z.string().min(1).max(4096).refine(hasNoNul, noNul).optional(),
});
export type ConnectWalletBody = z.infer<typeof ConnectWalletBodySchema>;

export const ConnectWalletResponseSchema = z.object({ error: z.literal(false), msg: z.string(), user: UserSchema });

export type ConnectWalletResponse = z.infer<typeof ConnectWalletResponseSchema>;
