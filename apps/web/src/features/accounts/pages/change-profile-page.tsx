import { USERNAME_REQUIRED } from '@starport/schemas';
import type { FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { useAccountStore } from '../../../lib/account-store.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useChangeProfile } from '../api/change-profile.ts';
import { AvatarUpload } from '../components/avatar-upload.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { fieldOf } from '../model/validation.ts';
import { changeProfileFieldOf } from '../model/server-field-errors.ts';
import './change-profile-page.css';

/** Spec §2.7. Guarded: username with Update, avatar preview and Upload avatar. */
export default function ChangeProfilePage() {
  const user = useAccountStore((s) => s.user);
  const change = useChangeProfile();
  const errors = useFormErrors<'username'>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const username = fieldOf(new FormData(event.currentTarget), 'username').trim();
    if (errors.refuseIfAny({ username: username ? undefined : USERNAME_REQUIRED })) {
      change.reset();
      return;
    }
    change.mutate({ username }, { onError: (error) => errors.refuseFromServer(changeProfileFieldOf(error), messageOf(error)) });
  };

  return (
    <AuthCard title="Change Profile">
      {user && <AvatarUpload avatar={user.avatar} username={user.username} />}
      <form onSubmit={onSubmit} {...errors.formProps} className="profile-form">
        <FormAlert message={errors.formError} />
        {change.isSuccess && <Alert tone="success">{change.data.msg}</Alert>}
        <Input
          label="Username"
          name="username"
          autoComplete="username"
          // Remounts with the stored name once the session's user is known or renamed.
          key={user?.username ?? ''}
          defaultValue={user?.username ?? ''}
          required
          error={errors.fieldErrors.username}
        />
        <Button type="submit" className="btn--block" loading={change.isPending}>
          Update
        </Button>
      </form>
    </AuthCard>
  );
}
