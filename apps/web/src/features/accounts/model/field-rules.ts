/**
 * The rules of UsernameSchema, EmailSchema and PasswordSchema (packages/schemas accounts.ts),
 * with their messages, checked in the browser too so every field says what is wrong at once;
 * the schemas' module would bring zod into these pages. The server checks again.
 */

const USERNAME = /^[A-Za-z0-9_.-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

export function usernameError(raw: string): string | undefined {
  const name = raw.trim();
  if (!name) return 'Username is required.';
  if (name.length < 3) return 'Username must be at least 3 characters.';
  if (name.length > 32) return 'Username must be at most 32 characters.';
  if (!USERNAME.test(name)) return 'Username may only contain letters, digits, dots, dashes and underscores.';
  return undefined;
}

export function emailError(raw: string): string | undefined {
  const email = raw.trim();
  if (!email) return 'E-mail is required.';
  if (email.length > 254) return 'E-mail is too long.';
  if (!EMAIL.test(email)) return 'Please enter a valid e-mail address.';
  return undefined;
}

export function passwordError(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters.`;
  return undefined;
}
