import { isApiError } from '../../../lib/api-client.ts';
import { MSG } from './validation.ts';

/** The sign-up form's fields, in the order they appear (the first invalid one takes focus). */
export const REGISTRY_FIELDS = ['username', 'email', 'password', 'confirmPassword', 'terms'] as const;
export type RegistryField = (typeof REGISTRY_FIELDS)[number];
export type RegistryErrors = Partial<Record<RegistryField, string>>;

export type RegistryInput = {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreed: boolean;
};

// The rules of UsernameSchema, EmailSchema and PasswordSchema (packages/schemas accounts.ts),
// with their messages, checked here too so every field says what is wrong at once; the
// schemas' module would bring zod into this page. The server checks again.
const USERNAME = /^[A-Za-z0-9_.-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

function usernameError(raw: string): string | undefined {
  const name = raw.trim();
  if (!name) return 'Username is required.';
  if (name.length < 3) return 'Username must be at least 3 characters.';
  if (name.length > 32) return 'Username must be at most 32 characters.';
  if (!USERNAME.test(name)) return 'Username may only contain letters, digits, dots, dashes and underscores.';
  return undefined;
}

function emailError(raw: string): string | undefined {
  const email = raw.trim();
  if (!email) return 'E-mail is required.';
  if (email.length > 254) return 'E-mail is too long.';
  if (!EMAIL.test(email)) return 'Please enter a valid e-mail address.';
  return undefined;
}

function passwordError(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters.`;
  return undefined;
}

/** Every field's problem at once (spec §5's messages for the confirmation and the terms). */
export function registryErrors(input: RegistryInput): RegistryErrors {
  const errors: RegistryErrors = {
    username: usernameError(input.username),
    email: emailError(input.email),
    password: passwordError(input.password),
    confirmPassword: input.password !== input.confirmPassword ? MSG.passwordMismatch : undefined,
    terms: input.agreed ? undefined : MSG.termsNotAgreed,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, msg]) => msg)) as RegistryErrors;
}

export const firstInvalid = (errors: RegistryErrors): RegistryField | undefined =>
  REGISTRY_FIELDS.find((field) => errors[field]);

/**
 * The field a refusal of the server is about (a taken username or e-mail, a rule the server
 * checked), or undefined when it is about no one field (network, rate limit): then the form's
 * banner shows it.
 */
export function fieldOfServerError(error: unknown): RegistryField | undefined {
  if (!isApiError(error)) return undefined;
  if (error.code === 'USERNAME_TAKEN') return 'username';
  if (error.code === 'EMAIL_TAKEN') return 'email';
  if (error.code !== 'BAD_REQUEST') return undefined;
  if (/^username/i.test(error.msg)) return 'username';
  if (/e-mail/i.test(error.msg)) return 'email';
  if (/^password/i.test(error.msg)) return 'password';
  return undefined;
}
