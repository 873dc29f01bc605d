import { Alert } from '../../../components/ui/alert.tsx';

/** The server's sentence after a change (made, renamed, moved), above the page until dismissed. */
export function LandNotice({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  if (!message) return null;
  return (
    <Alert tone="success" onDismiss={onDismiss} className="land-notice">
      {message}
    </Alert>
  );
}
