import { useState } from 'react';
import { useAccountStore } from '../../lib/account-store.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

const SIGN_IN_TO_PAY = 'To initiate payment process, please log into your account.';

/**
 * BUY NOW of the detail pages, in one place for the checkout to hook into (issue 4).
 * Signed out it tells the player to sign in (spec §5); signed in it waits for the checkout.
 */
export function BuyNow({ unavailable }: { unavailable: string | null }) {
  const loggedIn = useAccountStore((s) => s.status.loggedIn);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      {notice && (
        <Alert tone="info" onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <Button disabled={loggedIn || unavailable !== null} onClick={() => setNotice(SIGN_IN_TO_PAY)}>
        BUY NOW
      </Button>
      {unavailable !== null ? (
        <p className="muted">{unavailable}</p>
      ) : (
        loggedIn && <p className="muted">Checkout is not open yet.</p>
      )}
    </>
  );
}
