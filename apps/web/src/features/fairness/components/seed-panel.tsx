import { isValidClientSeed } from '@starport/schemas/fairness';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useChangeClientSeed, useSeed } from '../api/seed.ts';
import type { ActiveSeed, SeedRotation } from '@starport/schemas';
import { formatDateTime } from '../../../lib/format.ts';
import { CLIENT_SEED_RULE } from '../model/verify-fields.ts';
import { RevealedSeedNotice } from './revealed-seed.tsx';
import { RotateSeedDialog } from './rotate-seed-dialog.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

/**
 * The signed-in player's active seed pair: the hash committed to before they buy, their client
 * seed (editable), the next nonce, and the rotation that reveals the server seed.
 */
export function SeedPanel() {
  const seed = useSeed(true);
  const [rotating, setRotating] = useState(false);
  // The last rotation of this visit, shown until dismissed.
  const [rotation, setRotation] = useState<SeedRotation | undefined>(undefined);

  let body;
  if (seed.isPending) {
    body = <p className="muted">Loading your seed pair…</p>;
  } else if (seed.isError) {
    body = (
      <LoadError title="Your seed pair could not be loaded" query={seed} />
    );
  } else {
    const active = seed.data.data;
    body = (
      <>
        <ActiveSeedFacts active={active} />
        <ClientSeedForm key={active.client_seed} current={active.client_seed} onRotated={setRotation} />
        <div className="row">
          <Button variant="secondary" onClick={() => setRotating(true)}>
            Rotate seed
          </Button>
          <span className="muted">Reveals your server seed and starts a new pair at nonce 0.</span>
        </div>
      </>
    );
  }

  return (
    <section className="card stack" aria-labelledby="fairness-seed-title" data-testid="seed-panel">
      <h2 id="fairness-seed-title">Your seed pair</h2>
      {rotation && <RevealedSeedNotice revealed={rotation.revealed} onDismiss={() => setRotation(undefined)} />}
      {body}
      <RotateSeedDialog open={rotating} onClose={() => setRotating(false)} onRotated={setRotation} />
    </section>
  );
}

function ActiveSeedFacts({ active }: { active: ActiveSeed }) {
  return (
    <dl className="fairness-facts" data-testid="active-seed">
      <div>
        <dt>Server seed hash</dt>
        <dd className="fairness-mono" data-testid="active-hash">
          {active.server_seed_hash}
        </dd>
      </div>
      <div>
        <dt>Client seed</dt>
        <dd className="fairness-mono" data-testid="active-client-seed">
          {active.client_seed}
        </dd>
      </div>
      <div>
        <dt>Next nonce</dt>
        <dd data-testid="active-nonce">{active.next_nonce}</dd>
      </div>
      <div>
        <dt>In use since</dt>
        <dd>
          <time dateTime={active.created_at}>{formatDateTime(active.created_at)}</time>
        </dd>
      </div>
    </dl>
  );
}

type ClientSeedFormProps = { current: string; onRotated: (result: SeedRotation) => void };

/** A new client seed ends the current pair: the server reveals its seed and starts a new one. */
function ClientSeedForm({ current, onRotated }: ClientSeedFormProps) {
  const change = useChangeClientSeed();
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('client_seed');
    const clientSeed = typeof value === 'string' ? value : '';
    let next: string | null = null;
    if (!isValidClientSeed(clientSeed)) next = `The client seed must be ${CLIENT_SEED_RULE}`;
    else if (clientSeed === current) next = 'That is already your client seed.';
    setProblem(next);
    if (next) return;
    change.mutate(clientSeed, { onSuccess: (response) => onRotated(response.data) });
  };

  const error = problem ?? (change.isError ? messageOf(change.error) : null);
  return (
    <form className="fairness-client-seed stack" onSubmit={onSubmit} noValidate aria-label="Change client seed">
      {error && (
        <Alert tone="error" title="The client seed was not changed">
          {error}
        </Alert>
      )}
      <Input
        label="New client seed"
        name="client_seed"
        defaultValue={current}
        maxLength={200}
        spellCheck={false}
        autoComplete="off"
        hint="Changing it rotates your seed pair, which reveals the current server seed."
      />
      <div>
        <Button type="submit" loading={change.isPending}>
          Change client seed
        </Button>
      </div>
    </form>
  );
}
