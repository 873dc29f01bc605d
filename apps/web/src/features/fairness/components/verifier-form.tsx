import { verifyOpening, type OpeningCheck } from '@starport/schemas/fairness';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { rarityName } from '../model/labels.ts';
import { checkFields, type VerifyFields } from '../model/verify-fields.ts';

type VerifierFormProps = {
  /** fields filled in by a link or a loaded opening */
  initial?: Partial<VerifyFields>;
  /** odds used while the odds field is untouched and `initial` has none (the box's published odds) */
  defaultOdds?: string;
  /** check as soon as the fields are complete: they came from a Verify link or an opening */
  autoVerify?: boolean;
  /** what the server recorded for this opening, shown next to the recomputed result */
  recorded?: { roll: number; rarity: number };
};

type Outcome =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'problem'; message: string }
  | { kind: 'done'; check: OpeningCheck };

type Draft = Omit<VerifyFields, 'odds'> & { odds: string | null };

/**
 * Recomputes an opening in the browser with the shared algorithm: the hash of the server seed
 * against the one published before the sale, then the roll and the rarity.
 */
export function VerifierForm({ initial = {}, defaultOdds, autoVerify = false, recorded }: VerifierFormProps) {
  const [draft, setDraft] = useState<Draft>(() => ({
    serverSeed: initial.serverSeed ?? '',
    serverSeedHash: initial.serverSeedHash ?? '',
    clientSeed: initial.clientSeed ?? '',
    nonce: initial.nonce ?? '',
    // null: not typed in yet, so the published odds fill it once they arrive
    odds: initial.odds ?? null,
  }));
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const latest = useRef(0);
  const fields: VerifyFields = { ...draft, odds: draft.odds ?? defaultOdds ?? '' };

  const run = async (values: VerifyFields) => {
    const checked = checkFields(values);
    const ticket = ++latest.current;
    if (checked.problem !== undefined) {
      setOutcome({ kind: 'problem', message: checked.problem });
      return;
    }
    setOutcome({ kind: 'checking' });
    try {
      const check = await verifyOpening(checked.input);
      if (ticket === latest.current) setOutcome({ kind: 'done', check });
    } catch (error) {
      if (ticket === latest.current) setOutcome({ kind: 'problem', message: (error as Error).message });
    }
  };

  // A Verify link opens with the answer on screen, once the odds are there too.
  const autoRan = useRef(false);
  const ready = autoVerify && Boolean(fields.serverSeed && fields.odds);
  useEffect(() => {
    if (!ready || autoRan.current) return;
    autoRan.current = true;
    void run(fields);
    // Runs once, when the fields first become complete.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  const set = (field: keyof VerifyFields) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    latest.current += 1; // a check still running is for the old values
    setOutcome({ kind: 'idle' });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(fields);
  };

  return (
    <form className="fairness-verifier stack" onSubmit={onSubmit} noValidate aria-label="Verify an opening">
      <Input
        label="Server seed"
        name="server_seed"
        value={fields.serverSeed}
        onChange={set('serverSeed')}
        spellCheck={false}
        autoComplete="off"
        className="fairness-mono-field"
        hint="Revealed after the seed pair is rotated: 64 hexadecimal characters."
      />
      <Input
        label="Expected server seed hash (optional)"
        name="server_seed_hash"
        value={fields.serverSeedHash}
        onChange={set('serverSeedHash')}
        spellCheck={false}
        autoComplete="off"
        className="fairness-mono-field"
        hint="The hash you were shown before buying."
      />
      <div className="fairness-verifier__row">
        <Input
          label="Client seed"
          name="client_seed"
          value={fields.clientSeed}
          onChange={set('clientSeed')}
          spellCheck={false}
          autoComplete="off"
        />
        <Input label="Nonce" name="nonce" value={fields.nonce} onChange={set('nonce')} inputMode="numeric" autoComplete="off" />
      </div>
      <Input
        label="Odds (basis points)"
        name="odds"
        value={fields.odds}
        onChange={set('odds')}
        autoComplete="off"
        hint="Common, Rare, Epic, Legendary; 100 basis points are 1%, and they add up to 10000."
      />
      <Button type="submit" loading={outcome.kind === 'checking'}>
        Verify
      </Button>
      {outcome.kind === 'problem' && (
        <Alert tone="error" title="This cannot be verified yet">
          {outcome.message}
        </Alert>
      )}
      {outcome.kind === 'done' && <VerifyResult check={outcome.check} recorded={recorded} />}
    </form>
  );
}

function VerifyResult({ check, recorded }: { check: OpeningCheck; recorded?: { roll: number; rarity: number } }) {
  const same = recorded && recorded.roll === check.roll && recorded.rarity === check.rarity;
  return (
    <section className="fairness-result" aria-label="Verification result" data-testid="verify-result">
      <p className="fairness-result__hash" data-testid="verify-hash" data-matches={String(check.hashMatches)}>
        {check.hashMatches === true && (
          <>
            <span className="fairness-ok" aria-hidden="true">✓</span> The server seed matches the published hash.
          </>
        )}
        {check.hashMatches === false && (
          <>
            <span className="fairness-bad" aria-hidden="true">✗</span> The server seed does not match the expected hash.
          </>
        )}
        {check.hashMatches === null && 'No expected hash was given: compare the hash below with the one you were shown.'}
      </p>
      <dl className="fairness-facts">
        <div>
          <dt>SHA-256 of the server seed</dt>
          <dd className="fairness-mono" data-testid="verify-computed-hash">
            {check.serverSeedHash}
          </dd>
        </div>
        <div>
          <dt>Roll</dt>
          <dd data-testid="verify-roll">{check.roll}</dd>
        </div>
        <div>
          <dt>Rarity</dt>
          <dd data-testid="verify-rarity">{rarityName(check.rarity)}</dd>
        </div>
      </dl>
      {recorded && (
        <p data-testid="verify-recorded">
          {same ? (
            <>
              <span className="fairness-ok" aria-hidden="true">✓</span> The same roll and rarity were recorded for this
              opening.
            </>
          ) : (
            <>
              <span className="fairness-bad" aria-hidden="true">✗</span> This opening was recorded as roll {recorded.roll},{' '}
              {rarityName(recorded.rarity)}.
            </>
          )}
        </p>
      )}
    </section>
  );
}
