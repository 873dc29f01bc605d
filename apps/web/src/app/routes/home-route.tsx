import { LoadingBlock } from '../../components/ui/spinner.tsx';
import { useSiteSetting } from '../../lib/site-setting.ts';
import { lazyPage } from '../lazy-page.ts';

// Each variant is its own chunk: the landing never downloads the marketplace list, and the
// marketplace never downloads the landing. The same import() as in route-table.tsx, so one chunk.
const LandingPage = lazyPage(() => import('./home-page.tsx'));
const MarketPage = lazyPage(() => import('./market-page.tsx'));

/** The home_version that makes / the marketplace (storefront.md §1; 1 is the landing page). */
export const MARKETPLACE_HOME = 2;

/**
 * "/" is the landing page or the marketplace, as the operator set home_version. The choice
 * lives here in the app layer because areas do not import each other. Until the setting
 * arrives a neutral placeholder shows, so players never see a flash of the wrong page. If the
 * setting cannot be read, the landing page (the default) shows; its own calls report errors.
 */
export default function HomeRoute() {
  const setting = useSiteSetting();
  if (setting.isPending) {
    return (
      <div className="page" aria-busy="true" data-testid="home-pending">
        <LoadingBlock label="Loading…" />
      </div>
    );
  }
  return setting.data?.home_version === MARKETPLACE_HOME ? <MarketPage /> : <LandingPage />;
}
