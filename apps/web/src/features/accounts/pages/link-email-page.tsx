import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useLinkEmail } from '../api/link-email.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ResendActivation } from '../components/resend-activation.tsx';
import { useAccountStore } from '../../../lib/account-store.ts';
import { fieldOf, validateResetPassword } from '../model/validation.ts';

/** Guarded. Gives a wallet account an e-mail and password, or resends the verification mail. */
export default function LinkEmailPage() {
  const user = useAccountStore((s) => s.user);
  const link = useLinkEmail();
  const [clientError, setClientError] = useState<string | null>(null);

  if (user?.active) {
    return (
      <AuthCard title="Link e-mail">
        <Alert tone="success">Your e-mail {user.email} is linked and verified.</Alert>
        <Link to={paths.home.getHref()}>Back to home</Link>
      </AuthCard>
    );
  }

  if (user?.email) {
    return (
      <AuthCard title="Verify your e-mail">
        {link.isSuccess && <Alert tone="success">{link.data.msg}</Alert>}
        <p>
          We sent a verification link to <strong>{user.email}</strong>. Open it to activate your account; check
          your spam folder too.
        </p>
        <ResendActivation />
      </AuthCard>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = fieldOf(form, 'password');
    const problem = validateResetPassword({ password, confirmPassword: fieldOf(form, 'confirmPassword') });
    setClientError(problem);
    if (!problem) link.mutate({ email: fieldOf(form, 'email').trim(), password });
  };

  const error = clientError ?? (link.isError ? messageOf(link.error) : null);
  return (
    <AuthCard
      title="Link an e-mail"
      intro="Add an e-mail and a password to your account. We will send you a link to verify the e-mail."
    >
      <form onSubmit={onSubmit} noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        {link.isSuccess && <Alert tone="success">{link.data.msg}</Alert>}
        <Input label="E-mail" name="email" type="email" autoComplete="email" required />
        <Input label="Password" name="password" type="password" autoComplete="new-password" required />
        <Input label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" required />
        <Button type="submit" className="btn--block" loading={link.isPending}>
          Link e-mail
        </Button>
      </form>
    </AuthCard>
  );
}
