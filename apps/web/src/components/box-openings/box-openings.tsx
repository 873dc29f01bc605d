import type { OrderLine, PublicOpening } from '@starport/schemas';
import { RARITY_NAMES } from '@starport/schemas/fairness';
import { withSize } from '@starport/schemas/images';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ExternalLink } from '../ui/external-link.tsx';
import './box-openings.css';

const rarityName = (rarity: number): string => RARITY_NAMES[rarity] ?? `Rarity ${rarity}`;

/**
 * What the boxes of one blind-box order line gave, box by box: the ship (name, rarity, picture)
 * and the opening's proof (seed pair, nonce, roll) with a link that checks it on /fairness.
 * Shared by My Orders and the payment result pages. Boxes open just after the payment is
 * confirmed, so a paid line may have fewer openings than boxes for a moment.
 */
export function BoxOpenings({ line, paid }: { line: OrderLine; paid: boolean }) {
  // No `openings` at all: the server did not say (only box lines of an order read carry them).
  if (line.object !== 'blindbox' || !paid || line.openings === undefined) return null;
  const { openings } = line;
  const waiting = line.total - openings.length;
  return (
    <div className="box-openings" data-testid="box-openings">
      <OpeningsList name={line.name} openings={openings} />
      {waiting > 0 && (
        <p className="box-openings__waiting" role="status" data-testid="box-openings-waiting">
          {waiting === 1 ? 'Your box is being opened…' : `${waiting} boxes are being opened…`}
        </p>
      )}
    </div>
  );
}

/**
 * The ships some opened boxes gave, each with its proof and Verify link: an order line's boxes
 * (above) or the boxes a redeem code granted.
 */
export function OpeningsList({ name, openings }: { name: string; openings: PublicOpening[] }) {
  if (openings.length === 0) return null;
  return (
    <ul className="box-openings__list" aria-label={`What your ${name} gave`}>
      {openings.map((opening, i) => (
        <BoxOpening key={opening.id} opening={opening} box={i + 1} />
      ))}
    </ul>
  );
}

function BoxOpening({ opening, box }: { opening: PublicOpening; box: number }) {
  const { ship } = opening;
  const rarity = rarityName(ship.rarity);
  return (
    <li className="box-openings__item" data-testid="box-opening">
      <ExternalLink className="box-openings__image" href={withSize(ship.image, '800x800')}>
        <img src={withSize(ship.image, '150x150')} alt={`${ship.name}, a ${rarity} ship`} width={72} height={72} />
      </ExternalLink>
      <div className="box-openings__what">
        <span className="muted">Box {box} gave</span>{' '}
        <ExternalLink href={withSize(ship.image, '800x800')}>
          <span data-testid="box-opening-ship">{ship.name}</span>
        </ExternalLink>{' '}
        <span className={`box-openings__rarity box-openings__rarity--${rarity.toLowerCase()}`} data-testid="box-opening-rarity">
          {rarity}
        </span>
        <details className="box-openings__proof">
          <summary>Proof</summary>
          <dl>
            <dt>Server seed hash</dt>
            <dd className="box-openings__mono">{opening.server_seed_hash}</dd>
            <dt>Server seed</dt>
            <dd className="box-openings__mono">
              {opening.server_seed ?? <span className="muted">revealed when you rotate your seed pair</span>}
            </dd>
            <dt>Client seed</dt>
            <dd className="box-openings__mono">{opening.client_seed}</dd>
            <dt>Nonce</dt>
            <dd data-testid="box-opening-nonce">{opening.nonce}</dd>
            <dt>Roll</dt>
            <dd>{opening.roll} of 0–9999</dd>
          </dl>
        </details>
        <Link className="box-openings__verify" to={paths.fairnessVerify.getHref({ opening: opening.id })} data-testid="box-opening-verify">
          Verify this opening
        </Link>
      </div>
    </li>
  );
}
