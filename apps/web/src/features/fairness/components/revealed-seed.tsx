import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import type { RevealedSeed } from '@starport/schemas';
import { verifyHref } from '../model/verify-fields.ts';

/** What a rotation gives back: the old server seed, now public, to check the boxes it opened. */
export function RevealedSeedNotice({ revealed, onDismiss }: { revealed: RevealedSeed | null; onDismiss: () => void }) {
  if (!revealed) {
    return (
      <Alert tone="success" title="A new seed pair is active" onDismiss={onDismiss}>
        The previous pair had nothing to reveal.
      </Alert>
    );
  }
  const lastNonce = revealed.last_nonce;
  return (
    <Alert tone="success" title="Your previous server seed is revealed" onDismiss={onDismiss}>
      <dl className="fairness-facts" data-testid="revealed-seed">
        <div>
          <dt>Server seed</dt>
          <dd className="fairness-mono" data-testid="revealed-server-seed">
            {revealed.server_seed}
          </dd>
        </div>
        <div>
          <dt>Its hash, shown before you bought</dt>
          <dd className="fairness-mono">{revealed.server_seed_hash}</dd>
        </div>
        <div>
          <dt>Client seed</dt>
          <dd className="fairness-mono">{revealed.client_seed}</dd>
        </div>
        <div>
          <dt>Boxes opened with it</dt>
          <dd>{lastNonce === null ? 'none' : `nonces 0 to ${lastNonce}`}</dd>
        </div>
      </dl>
      {lastNonce !== null && (
        <Link
          to={verifyHref({
            serverSeed: revealed.server_seed,
            serverSeedHash: revealed.server_seed_hash,
            clientSeed: revealed.client_seed,
            nonce: String(lastNonce),
          })}
        >
          Verify the last box of this pair
        </Link>
      )}
    </Alert>
  );
}
