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
