import { useId } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { EXPIRY_OPTIONS, previewText } from '../model/listing-form.ts';

type PriceFieldsProps = {
  price: string;
  onPrice: (text: string) => void;
  error?: string;
  /** the listing's expiry choice; left out when changing the price of a listing */
  expiry?: { value: string; onChange: (value: string) => void };
  /** "Price (USD)", or "Price for the lot (USD)" for DNC */
  label?: string;
  /** the price field takes focus when it appears (the step after a confirmation) */
  autoFocus?: boolean;
};

/**
 * The price of a listing with the fee it pays and what the seller receives, worked out as the
 * player types by the rule the server credits with; and, for a new listing, when it ends.
 */
export function PriceFields({ price, onPrice, error, expiry, label = 'Price (USD)', autoFocus }: PriceFieldsProps) {
  const expiryId = useId();
  return (
    <>
      <Input
        label={label}
        name="price"
        inputMode="decimal"
        autoComplete="off"
        placeholder="25.00"
        autoFocus={autoFocus}
        value={price}
        onChange={(event) => onPrice(event.target.value)}
        error={error}
      />
      {/* Polite: each keystroke updates it, and a screen reader hears the figures once typing pauses. */}
      <p className="my-assets-fee" aria-live="polite" data-testid="fee-preview">
        {previewText(price)}
      </p>
      {expiry && (
        <div className="field">
          <label className="field__label" htmlFor={expiryId}>
            Listing ends
          </label>
          <select
            id={expiryId}
            name="expires_in_days"
            className="field__input"
            value={expiry.value}
            onChange={(event) => expiry.onChange(event.target.value)}
          >
            {EXPIRY_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}
