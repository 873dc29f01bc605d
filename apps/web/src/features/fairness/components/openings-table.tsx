import { Link } from 'react-router';
import type { MyOpening } from '@starport/schemas';
import { TableHead } from '../../../components/ui/table-head.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { rarityName, shortHex } from '../model/labels.ts';
import { fieldsOfOpening, verifyHref } from '../model/verify-fields.ts';

const COLUMNS = ['Date', 'Box', 'Order', 'Nonce', 'Roll', 'Rarity', 'Ship', 'Server seed hash', 'Server seed'] as const;

/**
 * The player's openings with what it takes to check each one. The API gives the ship's id and
 * name but no listing, so the ship is named rather than linked.
 */
export function OpeningsTable({ openings, refreshing = false }: { openings: MyOpening[]; refreshing?: boolean }) {
  return (
    <table className="fairness-table" aria-busy={refreshing || undefined} data-refreshing={refreshing || undefined}>
      <TableHead columns={COLUMNS} actionsLabel="Verify" />
      <tbody>
        {openings.map((opening) => (
          <OpeningRow key={opening.id} opening={opening} />
        ))}
      </tbody>
    </table>
  );
}

function OpeningRow({ opening }: { opening: MyOpening }) {
  return (
    <tr className="fairness-table__row" data-testid="opening-row">
      <td data-label="Date">
        <time dateTime={opening.opened_at}>{formatDateTime(opening.opened_at)}</time>
      </td>
      <td data-label="Box">{opening.box_name}</td>
      <td data-label="Order" className="fairness-table__nowrap">
        {opening.order_code ? <span className="fairness-mono">{opening.order_code}</span> : <span className="muted">redeem code</span>}
      </td>
      <td data-label="Nonce" className="fairness-table__nowrap" data-testid="opening-nonce">
        {opening.nonce}
      </td>
      <td data-label="Roll" className="fairness-table__nowrap" data-testid="opening-roll">
        {opening.roll}
      </td>
      <td data-label="Rarity" className="fairness-table__nowrap" data-testid="opening-rarity">
        {rarityName(opening.rarity)}
      </td>
      <td data-label="Ship" data-testid="opening-ship">
        {opening.ship ? `${opening.ship.name} #${opening.ship.id}` : '—'}
      </td>
      <td data-label="Server seed hash">
        <span className="fairness-mono" title={opening.server_seed_hash}>
          {shortHex(opening.server_seed_hash)}
        </span>
      </td>
      <td data-label="Server seed" data-testid="opening-server-seed">
        {opening.server_seed ? (
          <span className="fairness-mono" title={opening.server_seed}>
            {shortHex(opening.server_seed)}
          </span>
        ) : (
          <span className="muted">revealed after rotation</span>
        )}
      </td>
      <td className="fairness-table__actions">
        <Link to={verifyHref(fieldsOfOpening(opening))} aria-label={`Verify the opening of ${opening.order_code ? `order ${opening.order_code}` : 'a redeemed box'}, nonce ${opening.nonce}`}>
          Verify
        </Link>
      </td>
    </tr>
  );
}
