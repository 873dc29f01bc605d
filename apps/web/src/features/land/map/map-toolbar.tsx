import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { locate } from './locate.ts';
import { SATELLITE_UNAVAILABLE, type MapStyleKind } from './map-style.ts';
import { parseCoordinates } from './parse-coordinates.ts';

type FlyTo = (point: { lng: number; lat: number }) => void;

/** "Latitude, longitude" and Go: flies there, or says on the field what is wrong. */
export function CoordinateSearch({ onGo }: { onGo: FlyTo }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCoordinates(text);
    setError(parsed.ok ? null : parsed.error);
    if (parsed.ok) onGo(parsed.point);
  };
  return (
    <form className="land-map__search" onSubmit={submit} noValidate>
      <Input
        label="Latitude, longitude"
        name="coordinates"
        value={text}
        placeholder="48.8584, 2.2945"
        autoComplete="off"
        inputMode="decimal"
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        Go
      </Button>
    </form>
  );
}

/** Asks the device where it is (10 s at most) and flies there; says why when it cannot. */
export function MyLocationButton({ onGo }: { onGo: FlyTo }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const find = () => {
    setBusy(true);
    setError(null);
    locate()
      .then(onGo)
      .catch((reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)))
      .finally(() => setBusy(false));
  };
  return (
    <div className="land-map__locate">
      <Button variant="secondary" loading={busy} onClick={find}>
        My location
      </Button>
      {error && (
        <p className="land-map__note land-map__note--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Street or Satellite (spec §2.16); Satellite is off, with the reason, when not configured. */
export function StyleChoice({ value, onChange, hasSatellite }: { value: MapStyleKind; onChange: (kind: MapStyleKind) => void; hasSatellite: boolean }) {
  const name = useId();
  const reasonId = useId();
  return (
    <fieldset className="land-map__styles">
      <legend>Map style</legend>
      <label>
        <input type="radio" name={name} checked={value === 'street'} onChange={() => onChange('street')} /> Street
      </label>
      <label>
        <input
          type="radio"
          name={name}
          checked={value === 'satellite'}
          disabled={!hasSatellite}
          aria-describedby={hasSatellite ? undefined : reasonId}
          onChange={() => onChange('satellite')}
        />{' '}
        Satellite
      </label>
      {!hasSatellite && (
        <p id={reasonId} className="land-map__note">
          {SATELLITE_UNAVAILABLE}
        </p>
      )}
    </fieldset>
  );
}
