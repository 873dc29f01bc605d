import { AVATAR_ACCEPT } from '@starport/schemas';
import { useState, type ChangeEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { avatarFileError } from '../model/avatar-file.ts';

/** Avatar preview and "Upload avatar": a chosen file is checked, uploaded and becomes the avatar. */
export function AvatarUpload({ avatar, username }: { avatar: string | null; username: string }) {
  const [progress, setProgress] = useState(0);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const upload = useUploadAvatar(setProgress);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    upload.reset();
    const problem = avatarFileError(file);
    setFieldError(problem);
    if (problem) {
      input.value = '';
      return;
    }
    setProgress(0);
    upload.mutate(file, {
      onError: (error) => setFieldError(messageOf(error)),
      // The same file may be chosen again after a failure or a change.
      onSettled: () => (input.value = ''),
    });
  };

  return (
    <div className="profile-avatar">
      <div className="profile-avatar__preview">
        {avatar ? (
          <img src={avatar} alt={`Avatar of ${username}`} width={120} height={120} data-testid="avatar-preview" />
        ) : (
          <span className="profile-avatar__placeholder" aria-hidden="true">
            {username.slice(0, 1).toUpperCase()}
          </span>
        )}
      </div>
      <Input
        label="Upload avatar"
        name="avatar"
        type="file"
        accept={AVATAR_ACCEPT}
        hint="JPG, PNG, GIF or WebP, up to 1 MB."
        error={fieldError}
        disabled={upload.isPending}
        onChange={onChange}
      />
      {upload.isPending && (
        <div role="status" className="profile-avatar__progress">
          <progress max={100} value={Math.round(progress * 100)} aria-label="Avatar upload progress" />
          <span>Uploading… {Math.round(progress * 100)}%</span>
        </div>
      )}
      {upload.isSuccess && <Alert tone="success">{upload.data.msg}</Alert>}
    </div>
  );
}
