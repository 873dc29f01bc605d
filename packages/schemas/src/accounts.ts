import { z } from 'zod';

/** QUALITY.md: at least 8 characters, up to 128 accepted and never truncated. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PasswordSchema = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters.` })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters.` });

export const UsernameSchema = z
  .string({ error: 'Username is required.' })
  .trim()
  .min(3, { error: 'Username must be at least 3 characters.' })
  .max(32, { error: 'Username must be at most 32 characters.' })
  .regex(/^[A-Za-z0-9_.-]+$/, {
    error: 'Username may only contain letters, digits, dots, dashes and underscores.',
  });

export const EmailSchema = z
  .string({ error: 'E-mail is required.' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'E-mail is too long.' })
  .pipe(z.email({ error: 'Please enter a valid e-mail address.' }));

/** A one-shot activation or reset key as it travels in a link. */
export const SecretKeySchema = z
  .string({ error: 'Secret key error!' })
  .min(16, { error: 'Secret key error!' })
  .max(128, { error: 'Secret key error!' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Secret key error!' });

export const UserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  /** true once an e-mail is linked and verified */
  active: z.boolean(),
  avatar: z.string().nullable(),
  walletAddress: z.string().nullable(),
  /** true when the account can sign in with a password */
  hasPassword: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const RegistryBodySchema = z.strictObject({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  /** referral code from the `code` URL parameter, kept for the referrals area */
  wallet_ref: z.string().max(64).optional(),
});
export type RegistryBody = z.infer<typeof RegistryBodySchema>;

export const LoginBodySchema = z.strictObject({
  /** e-mail or username */
  email: z.string({ error: 'Please enter your e-mail or username.' }).trim().min(1).max(254),
  password: z.string({ error: 'Please enter your password.' }).min(1).max(PASSWORD_MAX),
  /** false: the session ends when the browser closes and lives at most 12 hours */
  remember: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const TokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
});

export const LoginResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
  user: UserSchema,
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** GET /api/account/active/{key}: `already_active` when the link was opened before (or is no longer needed). */
export const ActivationResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  already_active: z.boolean(),
});
export type ActivationResponse = z.infer<typeof ActivationResponseSchema>;

export const ForgotBodySchema = z.strictObject({
  email: z.string({ error: 'Please enter your email!' }).trim().min(1, { error: 'Please enter your email!' }).max(254),
});

export const ResetPasswordBodySchema = z.strictObject({
  password: PasswordSchema,
  secret_key: SecretKeySchema,
});

export const ChangePasswordBodySchema = z.strictObject({
  old: z.string({ error: 'Please enter your current password.' }).min(1).max(PASSWORD_MAX),
  new: PasswordSchema,
});

export const RefreshBodySchema = z.strictObject({
  refresh_token: z.string({ error: 'Refresh token is required.' }).min(1).max(4096),
});

export const RefreshResponseSchema = z.object({
  error: z.literal(false),
  access_token: z.string(),
  refresh_token: z.string(),
});
export type RefreshResponse = z.infer<typeof RefreshResponseSchema>;

export const LogoutBodySchema = z.strictObject({
  refresh_token: z.string().max(4096).optional(),
});

export const ProfileResponseSchema = z.object({
  error: z.literal(false),
  user: UserSchema,
});

/** Gives an e-mail and a password to an account that has none (a wallet account). */
export const LinkEmailBodySchema = z.strictObject({
  email: EmailSchema,
  password: PasswordSchema,
});

export const KeyParamsSchema = z.object({ key: z.string() });

export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;
