import { Alert } from './alert.tsx';

/**
 * A form's error about no one field (wrong login, network, too many tries), above its fields.
 * It can take focus (useFormErrors moves it here), so its text is read and the next Tab reaches
 * the first field.
 */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div tabIndex={-1} data-form-alert>
      <Alert tone="error">{message}</Alert>
    </div>
  );
}
