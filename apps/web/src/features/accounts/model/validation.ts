/**
 * Client-side checks with the exact messages of spec §5. Length and format rules stay on the
 * server (shared zod schemas), whose msg the forms show.
 */

export const MSG = {
  passwordMismatch: 'Your password does not match.',
  termsNotAgreed: 'You have not agreed to the terms and conditions!',
  emailRequired: 'Please enter your email!',
  secretKey: 'Secret key error!',
  newPasswordRequired: 'Please enter new Password',
  retypeMismatch: 'Retype New Password not match with New Password',
  oldPasswordRequired: 'Please enter your current password.',
} as const;

export function validateRegistry(input: {
  password: string;
  confirmPassword: string;
  agreed: boolean;
}): string | null {
  if (input.password !== input.confirmPassword) return MSG.passwordMismatch;
  if (!input.agreed) return MSG.termsNotAgreed;
  return null;
}

export function validateForgot(email: string): string | null {
  return email.trim() ? null : MSG.emailRequired;
}

export function validateResetPassword(input: { password: string; confirmPassword: string }): string | null {
  return input.password === input.confirmPassword ? null : MSG.passwordMismatch;
}

export function validateChangePassword(input: { old: string; next: string; retype: string }): string | null {
  // The two spec rules come first so their messages win when several fields are wrong.
  if (!input.next) return MSG.newPasswordRequired;
  if (input.next !== input.retype) return MSG.retypeMismatch;
  if (!input.old) return MSG.oldPasswordRequired;
  return null;
}

/** Reads a text field of a submitted form; absent fields read as ''. */
export const fieldOf = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};
