import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { fieldOf, validateForgot } from '../model/validation.ts';

export default function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [clientError, setClientError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = fieldOf(new FormData(event.currentTarget), 'email').trim();
    const problem = validateForgot(email);
    setClientError(problem);
    if (!problem) forgot.mutate({ email });
  };

  const error = clientError ?? (forgot.isError ? messageOf(forgot.error) : null);
  return (
    <AuthCard title="Forgot password" intro="Enter the e-mail of your account and we will send you a reset link.">
      <form onSubmit={onSubmit} noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        {forgot.isSuccess && !clientError && <Alert tone="success">{forgot.data.msg}</Alert>}
        <Input label="E-mail" name="email" type="email" autoComplete="email" required />
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
