import type { FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useChangePassword } from '../api/change-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { changePasswordFieldOf } from '../model/server-field-errors.ts';
import { changePasswordErrors, fieldOf, type ChangePasswordField } from '../model/validation.ts';

/** Guarded. The server ends the account's other sessions; this one stays signed in. */
export default function ChangePasswordPage() {
  const change = useChangePassword();
  const errors = useFormErrors<ChangePasswordField>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input = {
      old: fieldOf(form, 'oldPassword'),
      next: fieldOf(form, 'newPassword'),
      retype: fieldOf(form, 'retypePassword'),
    };
    if (errors.refuseIfAny(changePasswordErrors(input))) {
      // An earlier success message would read as if this attempt had worked.
      change.reset();
      return;
    }
    change.mutate(
      { old: input.old, new: input.next },
      {
        onSuccess: () => formElement.reset(),
        onError: (error) => errors.refuseFromServer(changePasswordFieldOf(error), messageOf(error)),
      },
    );
  };

  const { fieldErrors } = errors;
  return (
    <AuthCard title="Change password">
      <form onSubmit={onSubmit} {...errors.formProps}>
        <FormAlert message={errors.formError} />
        {change.isSuccess && <Alert tone="success">{change.data.msg}</Alert>}
        <Input
          label="Old password"
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          required
          error={fieldErrors.oldPassword}
        />
        <Input
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          error={fieldErrors.newPassword}
        />
        <Input
          label="Retype new password"
          name="retypePassword"
          type="password"
          autoComplete="new-password"
          required
          error={fieldErrors.retypePassword}
        />
        <Button type="submit" className="btn--block" loading={change.isPending}>
          Change password
        </Button>
      </form>
    </AuthCard>
  );
}
