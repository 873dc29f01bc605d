import type { LandCollectionView } from '@starport/schemas';
import { useId } from 'react';
import { FieldError } from '../../../components/ui/input.tsx';

/** The value of "out of every collection" in the move dialog (POST move_land with `type` individual). */
export const TO_INDIVIDUAL = 'individual';

type DestinationSelectProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** only open collections: the server's move targets (GET /api/collections/items) */
  targets: readonly LandCollectionView[];
  /** offers "Individual plots (no collection)" too */
  allowIndividual?: boolean;
  error?: string | null;
};

/** Where plots go; the empty choice is the spec's "No collections have been selected yet." */
export function DestinationSelect({
  label,
  value,
  onChange,
  targets,
  allowIndividual = false,
  error,
}: DestinationSelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name="destination"
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <option value="">Choose a collection</option>
        {targets.map((target) => (
          <option key={target._id} value={String(target._id)}>
            {target.name} ({target.total} plot{target.total === 1 ? '' : 's'})
          </option>
        ))}
        {allowIndividual && <option value={TO_INDIVIDUAL}>Individual plots (no collection)</option>}
      </select>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
