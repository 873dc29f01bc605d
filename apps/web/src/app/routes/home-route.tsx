import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LoadingBlock } from '../../components/ui/spinner.tsx';
import { featuredShipQueryOptions } from '../../features/site/api/get-featured-ship.ts';
import { homeVersionHint } from '../../lib/home-hint.ts';
import { useSiteSetting } from '../../lib/site-setting.ts';
import { lazyPage } from '../lazy-page.ts';

// Each variant is its own chunk: the landing never downloads the marketplace list, and the
// marketplace never downloads the landing. The same import() as in route-table.tsx, so one chunk.
const loadLanding = () => import('./home-page.tsx');
const LandingPage = lazyPage(loadLanding);
const MarketPage = lazyPage(() => import('./market-page.tsx'));

/** The home_version that makes / the marketplace (storefront.md §1; 1 is the landing page). */
export const MARKETPLACE_HOME = 2;

/**
 * "/" is the landing page or the marketplace, as the operator set home_version. The choice
 * lives here in the app layer because areas do not import each other. Until the setting
 * arrives a neutral placeholder shows, so players never see a flash of the wrong page. If the
 * setting cannot be read, the landing page (the default) shows; its own calls report errors.
 * A prerendered `/` carries the server's reading of the setting (home-hint.ts), and that page
 * shows at once, as the HTML already does (decision 0073).
 */
export default function HomeRoute() {
  const setting = useSiteSetting();
  const queryClient = useQueryClient();
  const hint = homeVersionHint();
  // Nothing to show without the setting or the server's word on it.
  const pending = setting.isPending && hint === undefined;
  // While the setting is on its way, fetch what the landing (the default) needs first: its
  // chunk and its hero's ship, whose picture is the page's largest paint. One after the other
  // they made a chain of four downloads before the picture could start (issue 21: LCP on /).
  useEffect(() => {
    if (!pending) return;
    void loadLanding();
    void queryClient.prefetchQuery(featuredShipQueryOptions());
  }, [pending, queryClient]);
  if (pending) {
    return (
      <div className="page" aria-busy="true" data-testid="home-pending">
        <LoadingBlock label="Loading…" />
      </div>
    );
  }
  return (setting.data?.home_version ?? hint) === MARKETPLACE_HOME ? <MarketPage /> : <LandingPage />;
}
