import type { MyAsset } from '@starport/schemas';
import { withSize } from '@starport/schemas/images';
import { formatPrice } from '../../../lib/format.ts';

/** The unit pieces the player owns (spec §2.2 My Asset): apartment range, APR and price from the unit's own data. */
export function UnitCards({ units }: { units: MyAsset[] }) {
  return (
    <ul className="owner-units" aria-label="Your container-house units">
      {units.map((unit) => (
        <li key={unit._id} className="owner-units__card" data-testid="owner-unit">
          <img src={withSize(unit.image, '300x300')} alt="" width={120} height={120} />
          <div>
            <h3 className="owner-units__name">{unit.name}</h3>
            <dl className="owner-units__facts">
              <dt>Apartments</dt>
              <dd data-testid="owner-unit-apartments">{unit.item.apart_label ?? '—'}</dd>
              <dt>APR</dt>
              <dd data-testid="owner-unit-apr">{unit.item.apr_bps === undefined ? '—' : `${unit.item.apr_bps / 100}%`}</dd>
              <dt>Pieces</dt>
              <dd data-testid="owner-unit-pieces">
                {unit.pieces}
                {unit.item.total_pieces === undefined ? '' : ` of ${unit.item.total_pieces}`}
              </dd>
              <dt>You paid</dt>
              <dd>{unit.price === null ? 'Granted' : formatPrice(unit.price)}</dd>
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}
