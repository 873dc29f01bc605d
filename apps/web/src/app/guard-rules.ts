import { paths, protectedPathPrefixes } from '../config/paths.ts';

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string };

const isProtected = (pathname: string): boolean =>
  protectedPathPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/**
 * Spec §2 route guard: without a stored token the protected pages redirect to /; with one every
 * route passes. The old client meant to send a signed-in user away from /login but never could
 * (login "always passes" first); we make that redirect work.
 */
export function decideRoute(pathname: string, hasToken: boolean): GuardDecision {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === paths.login.path) {
    return hasToken ? { allow: false, redirectTo: paths.home.getHref() } : { allow: true };
  }
  if (!hasToken && isProtected(path)) return { allow: false, redirectTo: paths.home.getHref() };
  return { allow: true };
}

/**
 * What the guard leaves in the history entry of `/` when it turns a signed-out visitor away
 * from a protected page: the layout opens sign-in and, once signed in, goes back there.
 */
export type SignInReturnState = { signInReturnTo: string };

export const signInReturnState = (returnTo: string): SignInReturnState => ({ signInReturnTo: returnTo });

/** The page to go back to after signing in, if the history entry asks for one of our own paths. */
export function signInReturnOf(state: unknown): string | null {
  const returnTo = (state as Partial<SignInReturnState> | null)?.signInReturnTo;
  // A path on this site only: "/x", never "//host" or "/\host", which browsers read as another site.
  return typeof returnTo === 'string' && /^\/(?![/\\])/.test(returnTo) ? returnTo : null;
}
