import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAccountStore } from '../../lib/account-store.ts';
import { signInReturnOf } from '../guard-rules.ts';

// The dialog brings Radix and the form: only visitors turned away from a protected page load it.
const SignInDialog = lazy(() => import('../../features/accounts/components/sign-in-dialog.tsx'));

/**
 * Spec §2 keeps the redirect of a signed-out visitor from a protected page to /; the guard
 * leaves the page in the history entry, and this opens sign-in and goes back there after.
 */
export function SignInReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const loggedIn = useAccountStore((s) => s.status.loggedIn);
  const returnTo = signInReturnOf(location.state);

  // Signed in (in the dialog, or in another tab): back to the page. The store decides, not the
  // form's callback, because the dialog unmounts as soon as the session is stored.
  useEffect(() => {
    if (returnTo && loggedIn) void navigate(returnTo, { replace: true });
  }, [returnTo, loggedIn, navigate]);

  if (!returnTo || loggedIn) return null;

  // Closing the dialog stays on this page and forgets the way back.
  const dismiss = () =>
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  return (
    <Suspense fallback={null}>
      <SignInDialog
        open
        onOpenChange={(open) => !open && dismiss()}
        reason="Please sign in to open this page. You will be taken back to it."
      />
    </Suspense>
  );
}
