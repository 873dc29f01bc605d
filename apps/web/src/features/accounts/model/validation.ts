import type { FieldErrors } from '../../../components/ui/use-form-errors.ts';
import { emailError, passwordError } from './field-rules.ts';

/**
 * Each form's checks, every field at once, keyed by the field's name. Spec §5's messages where
 * it has one; otherwise the server's own (packages/schemas), so the text does not change when
 * the server is the one to refuse.
 */

export const MSG = {
  passwordMismatch: 'Your password does not match.',
  termsNotAgreed: 'You have not agreed to the terms and conditions!',
  emailRequired: 'Please enter your email!',
  secretKey: 'Secret key error!',
  newPasswordRequired: 'Please enter new Password',
  retypeMismatch: 'Retype New Password not match with New Password',
  oldPasswordRequired: 'Please enter your current password.',
  loginRequired: 'Please enter your e-mail or username.',
  passwordRequired: 'Please enter your password.',
} as const;

export type LoginField = 'email' | 'password';
export type ForgotField = 'email';
export type NewPasswordField = 'password' | 'confirmPassword';
export type ChangePasswordField = 'oldPassword' | 'newPassword' | 'retypePassword';
export type LinkEmailField = 'email' | NewPasswordField;

/**
 * Spec §5 has no client rule for login: only empty fields are caught here, which the server
 * would refuse with a message meant for developers.
 */
export const loginErrors = (input: { login: string; password: string }): FieldErrors<LoginField> => ({
  email: input.login.trim() ? undefined : MSG.loginRequired,
  password: input.password ? undefined : MSG.passwordRequired,
});

export const forgotErrors = (email: string): FieldErrors<ForgotField> => ({
  email: email.trim() ? undefined : MSG.emailRequired,
});

/** Reset password and the password half of link-email: a valid password, typed twice. */
export const newPasswordErrors = (input: {
  password: string;
  confirmPassword: string;
}): FieldErrors<NewPasswordField> => ({
  password: passwordError(input.password),
  confirmPassword: input.password === input.confirmPassword ? undefined : MSG.passwordMismatch,
});

export const linkEmailErrors = (input: {
  email: string;
  password: string;
  confirmPassword: string;
}): FieldErrors<LinkEmailField> => ({ email: emailError(input.email), ...newPasswordErrors(input) });

export function changePasswordErrors(input: {
  old: string;
  next: string;
  retype: string;
}): FieldErrors<ChangePasswordField> {
  return {
    oldPassword: input.old ? undefined : MSG.oldPasswordRequired,
    newPassword: input.next ? passwordError(input.next) : MSG.newPasswordRequired,
    retypePassword: input.next === input.retype ? undefined : MSG.retypeMismatch,
  };
}

/** Reads a text field of a submitted form; absent fields read as ''. */
export const fieldOf = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};
