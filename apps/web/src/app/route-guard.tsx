import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingBlock } from '../components/ui/spinner.tsx';
import { useAccountStore } from '../lib/account-store.ts';
import { decideRoute } from './guard-rules.ts';

/**
 * Wraps every page. It follows the account store, so a sign-out in this tab, in another tab,
 * or after a refused token refresh moves the user off a protected page at once.
 */
export function RouteGuard() {
  const { pathname } = useLocation();
  const loggedIn = useAccountStore((s) => s.status.loggedIn);
  const decision = decideRoute(pathname, loggedIn);

  if (!decision.allow) return <Navigate to={decision.redirectTo} replace />;
  return (
    <Suspense fallback={<LoadingBlock label="Loading page…" />}>
      <Outlet />
    </Suspense>
  );
}
