import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useChangePassword } from '../api/change-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { fieldOf, validateChangePassword } from '../model/validation.ts';

/** Guarded. The server ends the account's other sessions; this one stays signed in. */
export default function ChangePasswordPage() {
  const change = useChangePassword();
  const [clientError, setClientError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input = {
      old: fieldOf(form, 'oldPassword'),
      next: fieldOf(form, 'newPassword'),
      retype: fieldOf(form, 'retypePassword'),
    };
    const problem = validateChangePassword(input);
    setClientError(problem);
    if (problem) return;
    change.mutate({ old: input.old, new: input.next }, { onSuccess: () => formElement.reset() });
  };

  const error = clientError ?? (change.isError ? messageOf(change.error) : null);
  return (
    <AuthCard title="Change password">
      <form onSubmit={onSubmit} noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        {change.isSuccess && !clientError && <Alert tone="success">{change.data.msg}</Alert>}
        <Input label="Old password" name="oldPassword" type="password" autoComplete="current-password" />
        <Input label="New password" name="newPassword" type="password" autoComplete="new-password" />
        <Input label="Retype new password" name="retypePassword" type="password" autoComplete="new-password" />
        <Button type="submit" className="btn--block" loading={change.isPending}>
          Change password
        </Button>
      </form>
    </AuthCard>
  );
}
