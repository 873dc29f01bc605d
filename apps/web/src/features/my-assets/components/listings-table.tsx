import type { MyListing } from '@starport/schemas';
import { withSize } from '@starport/schemas/images';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { formatMicro, formatWhen, listingTitle } from '../model/labels.ts';

type ListingsTableProps = {
  listings: MyListing[];
  /** active listings offer Change price and Cancel listing; sold ones show when they sold */
  onChangePrice?: (listing: MyListing) => void;
  onCancel?: (listing: MyListing) => void;
  caption: string;
};

/** What a listing's status says to its seller. */
function statusText(listing: MyListing): string {
  switch (listing.status) {
    case 'listed':
      return 'Listed';
    case 'reserved':
      return listing.reserved_until
        ? `Held by a buyer's checkout until ${formatWhen(listing.reserved_until)}`
        : "Held by a buyer's checkout";
    case 'sold':
      return listing.sold_at ? `Sold ${formatWhen(listing.sold_at)}` : 'Sold';
    case 'cancelled':
      return 'Cancelled';
    case 'expired':
      return 'Expired';
  }
}

/** The player's listings with price, fee, net and dates; on phones each row reads as a card. */
export function ListingsTable({ listings, onChangePrice, onCancel, caption }: ListingsTableProps) {
  const actions = Boolean(onChangePrice || onCancel);
  return (
    <table className="my-assets-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Price</th>
          <th scope="col">Fee</th>
          <th scope="col">You receive</th>
          <th scope="col">Listed</th>
          <th scope="col">Expires</th>
          <th scope="col">Status</th>
          {actions && <th scope="col">Actions</th>}
        </tr>
      </thead>
      <tbody>
        {listings.map((listing) => (
          <ListingRow
            key={listing._id}
            listing={listing}
            onChangePrice={onChangePrice}
            onCancel={onCancel}
            actions={actions}
          />
        ))}
      </tbody>
    </table>
  );
}

type RowProps = Pick<ListingsTableProps, 'onChangePrice' | 'onCancel'> & { listing: MyListing; actions: boolean };

function ListingRow({ listing, onChangePrice, onCancel, actions }: RowProps) {
  const heldId = useId();
  const held = listing.status === 'reserved';
  return (
    <tr data-testid="listing-row">
      <th scope="row" data-label="Item">
        <span className="my-assets-table__item">
          <img src={withSize(listing.image, '300x300')} alt="" width={48} height={48} loading="lazy" />
          <span data-testid="listing-name">{listingTitle(listing)}</span>
        </span>
      </th>
      <td data-label="Price" data-testid="listing-price">
        {formatMicro(listing.price_micro)}
      </td>
      <td data-label="Fee">{formatMicro(listing.fee_micro)}</td>
      <td data-label="You receive">{formatMicro(listing.net_micro)}</td>
      <td data-label="Listed">{formatWhen(listing.listed_at)}</td>
      <td data-label="Expires">{listing.expires_at ? formatWhen(listing.expires_at) : 'No expiry'}</td>
      <td data-label="Status" data-testid="listing-status">
        {statusText(listing)}
      </td>
      {actions && (
        <td data-label="Actions">
          <div className="my-assets-table__actions">
            {onChangePrice && (
              <Button
                variant="secondary"
                disabled={held}
                aria-describedby={held ? heldId : undefined}
                onClick={() => onChangePrice(listing)}
              >
                Change price
              </Button>
            )}
            {onCancel && (
              <Button
                variant="danger"
                disabled={held}
                aria-describedby={held ? heldId : undefined}
                onClick={() => onCancel(listing)}
              >
                Cancel listing
              </Button>
            )}
            {held && (
              <p id={heldId} className="my-assets-table__note">
                A buyer is paying for it: it cannot be changed or cancelled unless their checkout ends unpaid.
              </p>
            )}
          </div>
        </td>
      )}
    </tr>
  );
}
