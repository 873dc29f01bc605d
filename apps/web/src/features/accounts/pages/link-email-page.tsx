import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { paths } from '../../../config/paths.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useLinkEmail } from '../api/link-email.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ResendActivation } from '../components/resend-activation.tsx';
import { useAccountStore } from '../../../lib/account-store.ts';
import { linkEmailFieldOf } from '../model/server-field-errors.ts';
import { fieldOf, linkEmailErrors, type LinkEmailField } from '../model/validation.ts';

/** Guarded. Gives a wallet account an e-mail and password, or resends the verification mail. */
export default function LinkEmailPage() {
  const user = useAccountStore((s) => s.user);
  const link = useLinkEmail();
  const errors = useFormErrors<LinkEmailField>();

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
          We sent a verification link to <strong>{user.email}</strong>. Open it to activate your account; check your
          spam folder too.
        </p>
        <ResendActivation />
      </AuthCard>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      email: fieldOf(form, 'email'),
      password: fieldOf(form, 'password'),
      confirmPassword: fieldOf(form, 'confirmPassword'),
    };
    if (errors.refuseIfAny(linkEmailErrors(input))) return;
    link.mutate(
      { email: input.email.trim(), password: input.password },
      { onError: (error) => errors.refuseFromServer(linkEmailFieldOf(error), messageOf(error)) },
    );
  };

  return (
    <AuthCard
      title="Link an e-mail"
      intro="Add an e-mail and a password to your account. We will send you a link to verify the e-mail."
    >
      <form onSubmit={onSubmit} {...errors.formProps}>
        <FormAlert message={errors.formError} />
        {link.isSuccess && <Alert tone="success">{link.data.msg}</Alert>}
        <Input
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.fieldErrors.email}
        />
        <Input
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.fieldErrors.password}
        />
        <Input
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.fieldErrors.confirmPassword}
        />
        <Button type="submit" className="btn--block" loading={link.isPending}>
          Link e-mail
        </Button>
      </form>
    </AuthCard>
  );
}
