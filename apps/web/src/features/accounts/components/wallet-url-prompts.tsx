import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast.tsx';
import { useAccountStore } from '../../../lib/account-store.ts';

// The dialog brings Radix and the wallet code: only visitors who arrive with an invitation load it.
const WalletSignInDialog = lazy(() => import('./wallet-sign-in-dialog.tsx'));

/** The server takes referral codes of up to 64 characters (session-storage keeps no longer ones). */
const invitationCode = (search: string): string | null => {
  const code = new URLSearchParams(search).get('code')?.trim();
  return code && code.length <= 64 ? code : null;
};

export const WALLET_CONNECTED_TEXT = 'Your wallet is connected to your account.';

/**
 * Spec §2 URL parameters: `code` (kept as wallet_ref by useCaptureWalletRef) opens an
 * invitation with the two wallet choices for a signed-out visitor; `connected` says the wallet
 * was connected, once and only to a signed-in player: the parameter is then dropped so a
 * reload does not say it again.
 */
export function WalletUrlPrompts() {
  const location = useLocation();
  const navigate = useNavigate();
  const loggedIn = useAccountStore((s) => s.status.loggedIn);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const announced = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has('connected') || announced.current === location.key) return;
    announced.current = location.key;
    // Only true for a signed-in player: anyone can type the parameter.
    if (loggedIn) toast(WALLET_CONNECTED_TEXT, { title: 'Wallet connected', tone: 'success' });
    params.delete('connected');
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [location, navigate, loggedIn]);

  const code = invitationCode(location.search);
  if (loggedIn || !code || dismissed === code) return null;
  return (
    <Suspense fallback={null}>
      <WalletSignInDialog open variant="invitation" onOpenChange={(open) => !open && setDismissed(code)} />
    </Suspense>
  );
}
