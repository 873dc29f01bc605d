import { Alert } from '../../../components/ui/alert.tsx';

/** The API's sentence after a listing was made, repriced or cancelled, above the page's content until dismissed. */
export function PageNotice({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  if (!message) return null;
  return (
    <Alert tone="success" onDismiss={onDismiss} className="my-assets__notice">
      {message}
    </Alert>
  );
}
