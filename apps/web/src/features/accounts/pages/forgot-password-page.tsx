import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { paths } from '../../../config/paths.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { forgotFieldOf } from '../model/server-field-errors.ts';
import { fieldOf, forgotErrors, type ForgotField } from '../model/validation.ts';

export default function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const errors = useFormErrors<ForgotField>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = fieldOf(new FormData(event.currentTarget), 'email').trim();
    if (errors.refuseIfAny(forgotErrors(email))) {
      forgot.reset();
      return;
    }
    forgot.mutate({ email }, { onError: (error) => errors.refuseFromServer(forgotFieldOf(error), messageOf(error)) });
  };

  return (
    <AuthCard title="Forgot password" intro="Enter the e-mail of your account and we will send you a reset link.">
      <form onSubmit={onSubmit} {...errors.formProps}>
        <FormAlert message={errors.formError} />
        {forgot.isSuccess && <Alert tone="success">{forgot.data.msg}</Alert>}
        <Input
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.fieldErrors.email}
        />
        <Button type="submit" className="btn--block" loading={forgot.isPending}>
          Reset Password
        </Button>
        <div className="form-links">
          <Link to={paths.login.getHref()}>Back to login</Link>
          <Link to={paths.registry.getHref()}>Create an account</Link>
        </div>
      </form>
    </AuthCard>
  );
}
