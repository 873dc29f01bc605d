import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { paths } from '../../../config/paths.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { useVerifySecretKey } from '../api/verify-secret-key.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { resetPasswordFieldOf } from '../model/server-field-errors.ts';
import { MSG, fieldOf, newPasswordErrors, type NewPasswordField } from '../model/validation.ts';

/** /forgot_password_update?key=…: the key is checked first, then the new password is set. */
export default function ResetPasswordPage() {
  const key = useSearchParams()[0].get('key')?.trim() ?? '';
  const verify = useVerifySecretKey(key);
  const reset = useResetPassword();
  const errors = useFormErrors<NewPasswordField>();

  if (!key) {
    return (
      <AuthCard title="Reset password">
        <Alert tone="error">{MSG.secretKey}</Alert>
      </AuthCard>
    );
  }
  if (verify.isPending) {
    return (
      <AuthCard title="Reset password">
        <LoadingBlock label="Checking your reset link…" />
      </AuthCard>
    );
  }
  if (verify.isError) {
    // Spec §8: an invalid key is a non-dismissable error; there is nothing else to do here.
    return (
      <AuthCard title="Reset password">
        <Alert tone="error">{messageOf(verify.error)}</Alert>
        <p className="muted">
          Need a new link? <Link to={paths.forgotPassword.getHref()}>Request another reset e-mail</Link>
        </p>
      </AuthCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthCard title="Password updated">
        <Alert tone="success">{reset.data.msg}</Alert>
        <Link to={paths.login.getHref()}>Go to login</Link>
      </AuthCard>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = fieldOf(form, 'password');
    if (errors.refuseIfAny(newPasswordErrors({ password, confirmPassword: fieldOf(form, 'confirmPassword') }))) return;
    reset.mutate(
      { password, secret_key: key },
      { onError: (error) => errors.refuseFromServer(resetPasswordFieldOf(error), messageOf(error)) },
    );
  };

  return (
    <AuthCard title="Reset password" intro="Choose a new password for your account.">
      <form onSubmit={onSubmit} {...errors.formProps}>
        <FormAlert message={errors.formError} />
        <Input
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.fieldErrors.password}
        />
        <Input
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.fieldErrors.confirmPassword}
        />
        <Button type="submit" className="btn--block" loading={reset.isPending}>
          Save new password
        </Button>
      </form>
    </AuthCard>
  );
}
