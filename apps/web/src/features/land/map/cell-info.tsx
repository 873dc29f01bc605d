import { formatPrice } from '../../../lib/format.ts';
import { countryText, STATUS_TEXT, type CellDescription } from './describe-cell.ts';

/** The plot under the pointer or last tapped: cell id, country, valuation and owner. */
export function CellInfo({ cell }: { cell: CellDescription | null }) {
  return (
    <section className="land-map__info" aria-label="Plot details" aria-live="polite">
      {cell ? (
        <dl>
          <dt>Cell</dt>
          <dd>{cell.id}</dd>
          <dt>Country</dt>
          <dd>{countryText(cell.country)}</dd>
          <dt>Valuation</dt>
          <dd>{formatPrice(cell.valuation)}</dd>
          <dt>Owner</dt>
          <dd>{cell.owner ? `${cell.owner} — ${STATUS_TEXT[cell.status]}` : STATUS_TEXT.free}</dd>
        </dl>
      ) : (
        <p className="land-map__note">Point at a plot, or tap it, to see its details.</p>
      )}
    </section>
  );
}
