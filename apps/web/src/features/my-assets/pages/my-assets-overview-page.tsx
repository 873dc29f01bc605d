import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { readListFilters } from '../../../lib/list-filters.ts';
import { useDncListingInfo } from '../api/get-dnc-listing-info.ts';
import { useMyAssets } from '../api/get-my-assets.ts';
import { useMyListings } from '../api/get-my-listings.ts';
import { useProceeds } from '../api/get-proceeds.ts';
import { MyAssetsNav } from '../components/my-assets-nav.tsx';
import { OwnsNothing } from '../components/owns-nothing.tsx';
import { formatDnc, formatMicro } from '../model/labels.ts';
import { myAssetsPaths } from '../model/my-assets-paths.ts';
import './my-assets.css';

// The unfiltered first page: its total counts everything owned, and the spaceships page shares its cache.
const ALL = readListFilters(new URLSearchParams());

/**
 * /my-assets: what the player holds at a glance (DNC, ships and units, open listings, what
 * sales paid), with links to the three pages; a player who owns nothing is pointed to the
 * Shop and the Marketplace instead.
 */
export default function MyAssetsOverviewPage() {
  const assets = useMyAssets(ALL);
  const dnc = useDncListingInfo();
  const listings = useMyListings('active');
  const proceeds = useProceeds();
  const queries = [assets, dnc, listings, proceeds];
  const failed = queries.find((q) => q.isError);

  let body;
  if (failed) {
    body = <LoadError title="Your assets could not be loaded" query={failed} />;
  } else if (!assets.data || !dnc.data || !listings.data || !proceeds.data) {
    body = <LoadingBlock label="Loading your assets…" />;
  } else {
    const ownsNothing =
      assets.data.total === 0 && dnc.data.amount === 0 && dnc.data.listed === 0 && listings.data.total === 0;
    body = ownsNothing ? (
      <OwnsNothing text="You do not own any ships, units or DNC yet, and you have nothing on sale. Get your first ship in the Shop, or buy one from other players on the Marketplace." />
    ) : (
      <ul className="my-assets-summary">
        <Summary
          label="Ships and units"
          value={String(assets.data.total)}
          href={myAssetsPaths.spaceships}
          link="See your spaceships"
        />
        <Summary
          label="DNC balance"
          value={formatDnc(dnc.data.amount)}
          href={myAssetsPaths.dncListing}
          link="List DNC for sale"
        />
        <Summary
          label="DNC in your listings"
          value={formatDnc(dnc.data.listed)}
          href={myAssetsPaths.dncListing}
          link="See your DNC listings"
        />
        <Summary
          label="On sale now"
          value={String(listings.data.total)}
          href={myAssetsPaths.selling}
          link="Manage your listings"
        />
        <Summary
          label="Proceeds from sales"
          value={formatMicro(proceeds.data.proceeds_micro)}
          href={`${myAssetsPaths.selling}?view=proceeds`}
          link="See your sales"
        />
      </ul>
    );
  }

  return (
    <div className="page my-assets">
      <h1>My Assets</h1>
      <MyAssetsNav />
      {body}
    </div>
  );
}

function Summary({ label, value, href, link }: { label: string; value: string; href: string; link: string }) {
  return (
    <li className="my-assets-summary__item" data-testid="my-assets-summary">
      <p className="my-assets-summary__label">{label}</p>
      <p className="my-assets-summary__value">{value}</p>
      <Link to={href}>{link}</Link>
    </li>
  );
}
