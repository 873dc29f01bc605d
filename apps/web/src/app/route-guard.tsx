import { Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingBlock } from '../components/ui/spinner.tsx';
import { useAccountStore } from '../lib/account-store.ts';
import { decideRoute, signInReturnState } from './guard-rules.ts';
import { ReleaseHeldPresses } from './release-held-presses.ts';

/**
 * Wraps every page. It follows the account store, so a sign-out in this tab, in another tab,
 * or after a refused token refresh moves the user off a protected page at once.
 */
export function RouteGuard() {
  const { pathname, search, hash } = useLocation();
  const loggedIn = useAccountStore((s) => s.status.loggedIn);
  const decision = decideRoute(pathname, loggedIn);
  // Signed in a moment ago: the session just ended here, and nobody asked to sign in.
  const wasLoggedIn = useRef(loggedIn);
  useEffect(() => {
    wasLoggedIn.current = loggedIn;
  }, [loggedIn]);

  if (!decision.allow) {
    // A visitor who opened a protected page is asked to sign in on the way to /, and comes back.
    const askToSignIn = !loggedIn && !wasLoggedIn.current;
    return (
      <Navigate
        to={decision.redirectTo}
        replace
        state={askToSignIn ? signInReturnState(`${pathname}${search}${hash}`) : undefined}
      />
    );
  }
  return (
    <Suspense fallback={<LoadingBlock label="Loading page…" />}>
      <Outlet />
      <ReleaseHeldPresses />
    </Suspense>
  );
}
