import type { FieldErrors } from '../../../components/ui/use-form-errors.ts';
import { emailError, passwordError, usernameError } from './field-rules.ts';
import { MSG } from './validation.ts';

export type RegistryField = 'username' | 'email' | 'password' | 'confirmPassword' | 'terms';

export type RegistryInput = {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreed: boolean;
};

/** Every field's problem at once (spec §5's messages for the confirmation and the terms). */
export const registryErrors = (input: RegistryInput): FieldErrors<RegistryField> => ({
  username: usernameError(input.username),
  email: emailError(input.email),
  password: passwordError(input.password),
  confirmPassword: input.password !== input.confirmPassword ? MSG.passwordMismatch : undefined,
  terms: input.agreed ? undefined : MSG.termsNotAgreed,
});
