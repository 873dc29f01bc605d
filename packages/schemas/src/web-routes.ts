import { ART_PREFIX } from './images.ts';

/**
 * Every page route the web app registers, as React Router patterns. The API serves the
 * SPA with status 200 for these and 404 for anything else, so a dead link is a real 404.
 * Add a route here when its area lands.
 */
export const WEB_ROUTE_PATTERNS = [
  '/',
  '/login',
  '/registry',
  '/email_active',
  '/forgot_password_send_email',
  '/forgot_password_update',
  '/change-password',
  '/change-profile',
  '/link_email_account',
  '/connect_wallet',
  '/tos',
  '/terms_of_service',
  '/privacy',
  '/contact',
  '/market',
  '/market/list',
  '/market/:id',
  '/detail/:id',
  '/item/:id',
  '/shop',
  '/shop/:id',
  '/shop/stripe_payment/:result',
  '/my/orders',
  '/my/blindbox',
  '/dashboard',
  '/dashbroad',
  '/my/redeem',
  '/my-assets',
  '/my-assets/spaceships',
  '/my-assets/dnc-listing',
  '/my-assets/spaceships-selling',
  '/my/penguins',
  '/my/goaland',
  '/my/gin-exchange',
  '/assets',
  '/assets/collections',
  '/assets/collection',
  '/collection/:id',
  '/fairness',
  '/fairness/verify',
  '/leaderboard',
  '/top',
  '/staking',
  '/StakingDetail',
  '/stakingdetail',
  '/affiliate',
] as const;

/** True when a path matches one of the patterns (`:param` matches one segment). */
export function isWebRoute(pathname: string): boolean {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return WEB_ROUTE_PATTERNS.some((pattern) => {
    const want = pattern.split('/');
    const got = clean.split('/');
    return (
      want.length === got.length && want.every((seg, i) => (seg.startsWith(':') ? Boolean(got[i]) : seg === got[i]))
    );
  });
}

/**
 * Paths the server answers itself, never the web app: in development Vite forwards exactly
 * these to the API (apps/web/vite.config.ts), as the API serving the built app does on :3000.
 * An API test fails when a route is registered outside them.
 */
export const SERVER_PATH_PREFIXES = ['/api', '/site', '/dev', '/docs', '/healthz', '/sandbox', ART_PREFIX] as const;
