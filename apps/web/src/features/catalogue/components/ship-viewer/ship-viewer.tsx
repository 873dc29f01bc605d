import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { LoadingBlock } from '../../../../components/ui/spinner.tsx';
import { ELEMENT_COLOURS, type ElementCode } from './element-colours.ts';
import { shipSeed } from './random.ts';
import type { ShipScene } from './ship-scene.ts';
import { useNearViewport } from './use-near-viewport.ts';
import { canUseWebGL, prefersReducedMotion } from './webgl-support.ts';
import './ship-viewer.css';

/** Spec §9: a lazily loaded chunk that has not arrived after two minutes counts as failed. */
const CHUNK_TIMEOUT_MS = 120_000;
/** One press of a rotate button or arrow key: 15°. */
const STEP = Math.PI / 12;

/** three.js and the mesh code, fetched only here (and so only for a Legendary ship). */
function loadScene() {
  return new Promise<typeof import('./ship-scene.ts')>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading the 3D view timed out.')), CHUNK_TIMEOUT_MS);
    import('./ship-scene.ts').then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

type Status = 'loading' | 'ready' | 'failed' | 'lost' | 'unsupported';

type ShipViewerProps = {
  element: ElementCode;
  /** the ship's stable id ("ship-42"): the model is built from it, so it is the same everywhere */
  shipKey: string;
  name: string;
};

/** A turnable 3D model of a ship, built on the client from its element and id. */
export function ShipViewer({ element, shipKey, name }: ShipViewerProps) {
  const root = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const scene = useRef<ShipScene | null>(null);
  const hintId = useId();
  const [webgl] = useState(canUseWebGL);
  const near = useNearViewport(root);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const [spinning, setSpinning] = useState(() => !prefersReducedMotion());

  useEffect(() => {
    const target = stage.current;
    if (!webgl || !near || !target) return;
    let cancelled = false;
    let mounted: ShipScene | null = null;
    loadScene().then(
      ({ mountShipScene, buildShipModel }) => {
        if (cancelled) return;
        try {
          mounted = mountShipScene(target, buildShipModel(element, shipSeed(shipKey)), {
            spinning: false, // the effect below starts it once the scene is ready
            onUserRotate: () => setSpinning(false),
            onContextLost: () => setStatus('lost'),
          });
        } catch {
          // The probe said yes but the renderer got no context (GPU blocklisted, limits hit).
          setStatus('unsupported');
          return;
        }
        scene.current = mounted;
        setStatus('ready');
      },
      () => {
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
      mounted?.dispose();
      scene.current = null;
    };
  }, [webgl, near, element, shipKey, attempt]);

  useEffect(() => {
    if (status === 'ready') scene.current?.setSpinning(spinning);
  }, [spinning, status]);

  // Turning reduced motion on while the page is open stops the spin too.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const stop = () => query.matches && setSpinning(false);
    query.addEventListener('change', stop);
    return () => query.removeEventListener('change', stop);
  }, []);

  const shown: Status | 'waiting' = !webgl ? 'unsupported' : !near ? 'waiting' : status;
  const ready = shown === 'ready';
  const turn = (left: number, up: number) => {
    setSpinning(false);
    scene.current?.setSpinning(false); // now, not after the next render: the turn must not drift
    scene.current?.rotate(left, up);
  };
  const retry = () => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => turn(-STEP, 0),
      ArrowRight: () => turn(STEP, 0),
      ArrowUp: () => turn(0, -STEP),
      ArrowDown: () => turn(0, STEP),
      Home: () => scene.current?.reset(),
    };
    const move = ready ? moves[event.key] : undefined;
    if (!move) return;
    event.preventDefault(); // the arrows turn the ship instead of scrolling the page
    move();
  };

  if (shown === 'unsupported') {
    return (
      <div className="ship-viewer" data-state="unsupported" ref={root}>
        <Alert tone="info" title="3D view unavailable">
          Your browser or device cannot show 3D graphics here (WebGL is turned off or not supported), so this ship&apos;s 3D
          model cannot be shown. Its picture above still shows the ship.
        </Alert>
      </div>
    );
  }

  return (
    <div className="ship-viewer" data-state={shown} ref={root} style={spaceColours(element)}>
      <div
        ref={stage}
        className="ship-viewer__stage"
        tabIndex={ready ? 0 : -1}
        role="img"
        aria-label={`3D model of ${name}`}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
      >
        {(shown === 'loading' || shown === 'waiting') && <LoadingBlock label="Loading the 3D view…" />}
      </div>
      {(shown === 'failed' || shown === 'lost') && (
        <Alert tone="warning" title={shown === 'failed' ? 'The 3D view could not be loaded' : 'The 3D view stopped'}>
          <p>{shown === 'failed' ? 'Check your connection and try again.' : 'The graphics device was reset. Try again to redraw the ship.'}</p>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </Alert>
      )}
      <div className="ship-viewer__controls" role="group" aria-label="3D view controls">
        <Button variant="secondary" onClick={() => turn(-STEP, 0)} disabled={!ready}>Rotate left</Button>
        <Button variant="secondary" onClick={() => turn(STEP, 0)} disabled={!ready}>Rotate right</Button>
        <Button variant="secondary" onClick={() => turn(0, -STEP)} disabled={!ready}>Tilt up</Button>
        <Button variant="secondary" onClick={() => turn(0, STEP)} disabled={!ready}>Tilt down</Button>
        <Button variant="secondary" onClick={() => scene.current?.reset()} disabled={!ready}>Reset view</Button>
        <Button variant="secondary" aria-pressed={spinning} onClick={() => setSpinning((on) => !on)} disabled={!ready}>
          Auto-spin
        </Button>
      </div>
      <p id={hintId} className="ship-viewer__hint muted">
        Drag the ship to turn it, or focus it and use the arrow keys (Home resets the view). The model is generated from
        this ship&apos;s element, so small details differ from its picture.
      </p>
    </div>
  );
}

/** The backdrop is the element's space gradient, as behind the ship on its picture. */
function spaceColours(element: ElementCode): CSSProperties {
  const [centre, edge] = ELEMENT_COLOURS[element].space;
  return { '--ship-space-centre': centre, '--ship-space-edge': edge } as CSSProperties;
}
