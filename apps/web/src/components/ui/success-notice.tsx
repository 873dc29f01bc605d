import { Alert } from './alert.tsx';

/** The server's sentence after a change the player made, above the page's content until dismissed. */
export function SuccessNotice({
  message,
  onDismiss,
  className,
}: {
  message: string | null;
  onDismiss: () => void;
  className?: string;
}) {
  if (!message) return null;
  return (
    <Alert tone="success" onDismiss={onDismiss} className={className}>
      {message}
    </Alert>
  );
}
