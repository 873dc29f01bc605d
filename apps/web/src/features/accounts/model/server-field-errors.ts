import { isApiError } from '../../../lib/api-client.ts';
import type { ChangePasswordField, ForgotField, LinkEmailField, NewPasswordField } from './validation.ts';
import type { RegistryField } from './registry-fields.ts';

type Rules<Field extends string> = {
  /** Error codes that are always about one field (a taken e-mail, a wrong current password). */
  codes?: Record<string, Field>;
  /** For BAD_REQUEST: the field a schema message names (the server checks the rules again). */
  messages?: [RegExp, Field][];
};

/**
 * The field a refusal of the server is about, or undefined when it is about no one field
 * (network, rate limit, an expired link): then the form's alert shows it.
 */
function fieldOfRefusal<Field extends string>(error: unknown, rules: Rules<Field>): Field | undefined {
  if (!isApiError(error)) return undefined;
  const byCode = rules.codes?.[error.code];
  if (byCode) return byCode;
  if (error.code !== 'BAD_REQUEST') return undefined;
  return rules.messages?.find(([pattern]) => pattern.test(error.msg))?.[1];
}

export const registryFieldOf = (error: unknown) =>
  fieldOfRefusal<RegistryField>(error, {
    codes: { USERNAME_TAKEN: 'username', EMAIL_TAKEN: 'email' },
    messages: [
      [/^username/i, 'username'],
      [/e-mail/i, 'email'],
      [/^password/i, 'password'],
    ],
  });

/** Forgot-password has one field; whatever the server finds wrong with the request is about it. */
export const forgotFieldOf = (error: unknown) => fieldOfRefusal<ForgotField>(error, { messages: [[/./, 'email']] });

export const resetPasswordFieldOf = (error: unknown) =>
  fieldOfRefusal<NewPasswordField>(error, { messages: [[/^password/i, 'password']] });

export const changePasswordFieldOf = (error: unknown) =>
  fieldOfRefusal<ChangePasswordField>(error, {
    codes: { INVALID_CREDENTIALS: 'oldPassword' },
    messages: [
      [/current password/i, 'oldPassword'],
      [/^password/i, 'newPassword'],
    ],
  });

export const linkEmailFieldOf = (error: unknown) =>
  fieldOfRefusal<LinkEmailField>(error, {
    codes: { EMAIL_TAKEN: 'email' },
    messages: [
      [/e-mail/i, 'email'],
      [/^password/i, 'password'],
    ],
  });

/** Change Profile has one form field: a taken name or a schema message about it. */
export const changeProfileFieldOf = (error: unknown) =>
  fieldOfRefusal<'username'>(error, { codes: { USERNAME_TAKEN: 'username' }, messages: [[/username/i, 'username']] });
