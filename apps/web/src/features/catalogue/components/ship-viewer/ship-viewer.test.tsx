import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SceneOptions, ShipScene } from './ship-scene.ts';
import { ShipViewer } from './ship-viewer.tsx';

// jsdom has no WebGL, so these tests stand in for the browser: the probe says yes and the
// three.js scene is a recording fake. The real scene runs in e2e/legendary.e2e.test.ts.
const webgl = vi.hoisted(() => ({ supported: true, reducedMotion: false }));
vi.mock('./webgl-support.ts', () => ({
  canUseWebGL: () => webgl.supported,
  prefersReducedMotion: () => webgl.reducedMotion,
}));

type Fake = ShipScene & { options: SceneOptions; spinning: boolean | null; moves: string[]; disposed: boolean };
const scene = vi.hoisted(() => ({ mounted: [] as Fake[], fail: false }));
vi.mock('./ship-scene.ts', () => ({
  buildShipModel: () => ({}),
  mountShipScene: (_el: HTMLElement, _model: unknown, options: SceneOptions): ShipScene => {
    if (scene.fail) throw new Error('Error creating WebGL context.');
    const fake: Fake = {
      options,
      spinning: null,
      moves: [],
      disposed: false,
      rotate: (left, up) => fake.moves.push(`rotate ${left.toFixed(3)} ${up.toFixed(3)}`),
      reset: () => fake.moves.push('reset'),
      setSpinning: (on) => (fake.spinning = on),
      dispose: () => (fake.disposed = true),
    };
    scene.mounted.push(fake);
    return fake;
  },
}));

beforeEach(() => {
  webgl.supported = true;
  webgl.reducedMotion = false;
  scene.mounted = [];
  scene.fail = false;
});
afterEach(() => vi.clearAllMocks());

/** vi.waitFor gives up after 1 s by default: too little for a loaded machine. */
const WAIT = { timeout: 60_000 };

/** Waits for the scene to mount and the page to have told it whether to spin. */
const ready = async () => {
  await vi.waitFor(() => {
    expect(document.querySelector('.ship-viewer')?.getAttribute('data-state')).toBe('ready');
    expect(scene.mounted.at(-1)?.spinning).not.toBeNull();
  }, WAIT);
  return scene.mounted.at(-1)!;
};

describe('ship viewer', () => {
  it('shows a loading state, then spins the ship when motion is welcome', async () => {
    render(<ShipViewer element={2} shipKey="ship-7" name="Xyl Brood Prime" />);
    expect(screen.getByText('Loading the 3D view…')).toBeTruthy();
    const fake = await ready();
    expect(screen.queryByText('Loading the 3D view…')).toBeNull();
    expect(fake.spinning).toBe(true);
    expect(screen.getByRole('button', { name: 'Auto-spin' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('never spins by itself under prefers-reduced-motion', async () => {
    webgl.reducedMotion = true;
    render(<ShipViewer element={0} shipKey="ship-7" name="Aegis Warden Prime" />);
    const fake = await ready();
    expect(fake.spinning).toBe(false);
    expect(screen.getByRole('button', { name: 'Auto-spin' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('turns with the buttons and the arrow keys, stops spinning when the player takes over, and cleans up', async () => {
    const view = render(<ShipViewer element={1} shipKey="ship-7" name="Vector Core Prime" />);
    const fake = await ready();
    expect(fake.spinning).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    expect(fake.spinning).toBe(false); // the turn does not fight the spin
    fireEvent.click(screen.getByRole('button', { name: 'Tilt up' }));
    expect(fake.moves).toEqual(['rotate 0.262 0.000', 'rotate 0.000 -0.262']);
    const stage = screen.getByRole('img', { name: '3D model of Vector Core Prime' });
    expect(stage.tabIndex).toBe(0);
    fireEvent.keyDown(stage, { key: 'ArrowLeft' });
    fireEvent.keyDown(stage, { key: 'ArrowDown' });
    fireEvent.keyDown(stage, { key: 'Home' });
    fireEvent.keyDown(stage, { key: 'a' });
    expect(fake.moves.slice(2)).toEqual(['rotate -0.262 0.000', 'rotate 0.000 0.262', 'reset']);
    fireEvent.click(screen.getByRole('button', { name: 'Auto-spin' }));
    await vi.waitFor(() => expect(fake.spinning).toBe(true), WAIT);
    act(() => fake.options.onUserRotate()); // a drag started
    await vi.waitFor(() => expect(fake.spinning).toBe(false), WAIT);
    expect(fake.disposed).toBe(false);
    view.unmount();
    expect(fake.disposed).toBe(true);
  });

  it('says so plainly when WebGL is missing, and does not fetch the 3D code', async () => {
    webgl.supported = false;
    render(<ShipViewer element={2} shipKey="ship-7" name="Xyl Brood Prime" />);
    expect(screen.getByText('3D view unavailable')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rotate left' })).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(scene.mounted).toHaveLength(0);
  });

  it('falls back when the renderer gets no context after all', async () => {
    scene.fail = true;
    render(<ShipViewer element={2} shipKey="ship-7" name="Xyl Brood Prime" />);
    expect(await screen.findByText('3D view unavailable')).toBeTruthy();
  });

  it('offers a retry when the GPU drops the context', async () => {
    render(<ShipViewer element={2} shipKey="ship-7" name="Xyl Brood Prime" />);
    const first = await ready();
    act(() => first.options.onContextLost());
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(first.disposed).toBe(true);
    await vi.waitFor(() => expect(scene.mounted).toHaveLength(2), WAIT);
    await ready();
  });
});
