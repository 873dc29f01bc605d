import type { MyListing } from '@starport/schemas';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { useDncListingInfo } from '../api/get-dnc-listing-info.ts';
import { useMyListings } from '../api/get-my-listings.ts';
import { CancelListingDialog } from '../components/cancel-listing-dialog.tsx';
import { ChangePriceDialog } from '../components/change-price-dialog.tsx';
import { ListDncDialog } from '../components/list-dnc-dialog.tsx';
import { ListingsTable } from '../components/listings-table.tsx';
import { MyAssetsNav } from '../components/my-assets-nav.tsx';
import { SuccessNotice } from '../../../components/ui/success-notice.tsx';
import { FEE_PERCENT } from '../model/listing-form.ts';
import { formatDnc } from '../model/labels.ts';
import './my-assets.css';

/**
 * /my-assets/dnc-listing: the DNC balance and what is held in open listings, List DNC for sale
 * (amount, price for the lot, expiry; the fee and net previewed), and the open DNC listings.
 */
export default function DncListingPage() {
  const info = useDncListingInfo();
  const active = useMyListings('active', 1, 'dnc');
  const [listing, setListing] = useState(false);
  const [repricing, setRepricing] = useState<MyListing | null>(null);
  const [cancelling, setCancelling] = useState<MyListing | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const balance = info.data?.amount ?? 0;
  const dncListings = active.data?.data ?? [];

  return (
    <div className="page my-assets">
      <h1>DNC listing</h1>
      <MyAssetsNav />
      <SuccessNotice className="my-assets__notice" message={notice} onDismiss={() => setNotice(null)} />
      {info.isError ? (
        <LoadError title="Your DNC balance could not be loaded" query={info} />
      ) : !info.data ? (
        <LoadingBlock label="Loading your DNC…" />
      ) : (
        <section className="my-assets-dnc" aria-labelledby="dnc-balance-title">
          <h2 id="dnc-balance-title">Your DNC</h2>
          <dl className="my-assets-dnc__figures">
            <div>
              <dt>Balance</dt>
              <dd data-testid="dnc-balance">{formatDnc(info.data.amount)}</dd>
            </div>
            <div>
              <dt>In your open listings</dt>
              <dd data-testid="dnc-listed">{formatDnc(info.data.listed)}</dd>
            </div>
          </dl>
          <p className="my-assets-muted">
            Other players buy your DNC as one lot at the price you set. The marketplace keeps a {FEE_PERCENT} fee when
            it sells; until then the DNC is held in the listing.
          </p>
          <Button
            onClick={() => setListing(true)}
            disabled={balance === 0}
            aria-describedby={balance === 0 ? 'no-dnc-note' : undefined}
          >
            List DNC for sale
          </Button>
          {balance === 0 && (
            <p id="no-dnc-note" className="my-assets-muted">
              You have no DNC free to list.
            </p>
          )}
        </section>
      )}
      <section aria-labelledby="dnc-listings-title">
        <h2 id="dnc-listings-title">Your DNC on sale</h2>
        {active.isError ? (
          <LoadError title="Your listings could not be loaded" query={active} />
        ) : !active.data ? (
          <LoadingBlock label="Loading your listings…" />
        ) : dncListings.length === 0 ? (
          <p className="my-assets-muted">You have no DNC on sale.</p>
        ) : (
          <ListingsTable
            caption="Your DNC on sale"
            listings={dncListings}
            onChangePrice={setRepricing}
            onCancel={setCancelling}
          />
        )}
      </section>
      <ListDncDialog open={listing} balance={balance} onClose={() => setListing(false)} onListed={setNotice} />
      <ChangePriceDialog listing={repricing} onClose={() => setRepricing(null)} onChanged={setNotice} />
      <CancelListingDialog listing={cancelling} onClose={() => setCancelling(null)} onCancelled={setNotice} />
    </div>
  );
}
