import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useBlindBox } from '../../../lib/blind-box.ts';
import { useOpening } from '../api/openings.ts';
import { VerifierForm } from '../components/verifier-form.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { rarityName } from '../model/labels.ts';
import { fieldsFromSearch, fieldsOfOpening, oddsText } from '../model/verify-fields.ts';
import './fairness.css';
import { LoadError } from '../../../components/ui/load-error.tsx';

/**
 * /fairness/verify (public): recompute any opening in the browser. The query fills the form in
 * (?server_seed=&server_seed_hash=&client_seed=&nonce=&odds=c,r,e,l, which every Verify link
 * uses), or ?opening=<id> loads a public opening from the API.
 */
export default function VerifyPage() {
  const [search] = useSearchParams();
  const openingId = search.get('opening');
  const linked = fieldsFromSearch(search);
  // The box's published odds are only needed when nothing else says which odds applied.
  const boxOdds = useBlindBox(openingId === null && linked.odds === undefined);
  const defaultOdds = boxOdds.data ? oddsText(boxOdds.data.item.odds_bps) : undefined;

  return (
    <div className="page fairness">
      <h1>Verify an opening</h1>
      <p className="muted">
        Paste the revealed server seed, your client seed and the nonce of a box to recompute its roll and rarity here,
        in your browser. <Link to={paths.fairness.getHref()}>How openings work</Link>
      </p>
      <section className="card">
        {openingId !== null ? (
          <OpeningVerifier id={openingId} />
        ) : (
          // A new query (another Verify link) starts a fresh form.
          <VerifierForm key={search.toString()} initial={linked} defaultOdds={defaultOdds} autoVerify={Boolean(linked.serverSeed)} />
        )}
      </section>
    </div>
  );
}

function OpeningVerifier({ id }: { id: string }) {
  const opening = useOpening(id);
  if (opening.isPending) return <LoadingBlock label="Loading the opening…" />;
  if (opening.isError) {
    return (
      <LoadError title="This opening could not be loaded" query={opening} />
    );
  }
  const found = opening.data.data;
  return (
    <>
      <p data-testid="opening-summary">
        {found.box_name} opened {formatDateTime(found.opened_at)}: roll {found.roll}, {rarityName(found.rarity)}
        {found.ship ? ` (${found.ship.name})` : ''}.
      </p>
      {found.server_seed === null && (
        <Alert tone="info" title="The server seed is still secret">
          It is revealed when the player rotates their seed pair. Its hash is filled in below, so the opening can be
          checked as soon as the seed is out.
        </Alert>
      )}
      <VerifierForm
        key={String(found.id)}
        initial={fieldsOfOpening(found)}
        autoVerify
        recorded={{ roll: found.roll, rarity: found.rarity }}
      />
    </>
  );
}
