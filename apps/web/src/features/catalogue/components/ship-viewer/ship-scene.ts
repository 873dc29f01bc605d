import { AmbientLight, DirectionalLight, HemisphereLight, Mesh, PerspectiveCamera, Scene, WebGLRenderer, type Material } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { buildShipGroup } from './build-meshes.ts';
import type { ShipModel } from './model-types.ts';

// The model builder rides in this chunk too: a Common ship's page never needs it.
export { buildShipModel } from './ship-model.ts';

/**
 * The three.js half of the viewer: this module and three itself form the chunk that loads
 * only when a Legendary ship's viewer is about to show (ship-viewer.tsx imports it lazily).
 */
export type ShipScene = {
  /** turns the camera around the ship: yaw left/right and tilt up/down, in radians */
  rotate(left: number, up: number): void;
  reset(): void;
  setSpinning(on: boolean): void;
  dispose(): void;
};

export type SceneOptions = {
  spinning: boolean;
  /** the player grabbed the ship: the page stops the spin so it does not fight their hand */
  onUserRotate(): void;
  /** the GPU took the context away (driver reset, too many tabs) */
  onContextLost(): void;
};

/** Throws when the browser cannot give a WebGL context; the caller shows the fallback. */
export function mountShipScene(container: HTMLElement, model: ShipModel, options: SceneOptions): ShipScene {
  const renderer = new WebGLRenderer({ antialias: true, alpha: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  const canvas = renderer.domElement;
  canvas.className = 'ship-viewer__canvas';
  container.appendChild(canvas);

  const scene = new Scene();
  const ship = buildShipGroup(model);
  scene.add(ship);
  scene.add(new HemisphereLight(0xdfe8ff, 0x1a1030, 1.3), new AmbientLight(0xffffff, 0.35));
  const key = new DirectionalLight(0xffffff, 2.2);
  key.position.set(4, 6, -3);
  const rim = new DirectionalLight(model.colours.accent, 1.4);
  rim.position.set(-5, 2, 5);
  scene.add(key, rim);

  const camera = new PerspectiveCamera(35, 1, 0.1, 100);
  const distance = Math.max(model.length, model.span) * 1.9;
  // Aim a little below the hull so the ship and its display ring sit in the middle.
  const aim = { x: 0, y: -0.3, z: 0 };
  const home = () => {
    // Three-quarter view from the front and above, so wings, cockpit and engines all show.
    camera.position.set(distance * 0.55, distance * 0.5, -distance * 0.68);
    camera.lookAt(aim.x, aim.y, aim.z);
  };
  home();

  const controls = new OrbitControls(camera, canvas);
  controls.target.set(aim.x, aim.y, aim.z);
  controls.enablePan = false;
  // Wheel zoom would swallow the page's scrolling whenever the pointer crosses the viewer.
  controls.enableZoom = false;
  controls.autoRotateSpeed = 1.2;
  controls.addEventListener('start', options.onUserRotate);

  const render = () => renderer.render(scene, camera);
  controls.addEventListener('change', render);

  // Frames run only while the ship spins; a still ship is drawn on change alone.
  let frame = 0;
  let last = 0;
  const tick = (now: number) => {
    controls.update(last ? Math.min((now - last) / 1000, 0.1) : 0);
    last = now;
    frame = requestAnimationFrame(tick);
  };
  const setSpinning = (on: boolean) => {
    controls.autoRotate = on;
    cancelAnimationFrame(frame);
    frame = 0;
    last = 0;
    if (on) frame = requestAnimationFrame(tick);
  };

  const resize = () => {
    const width = container.clientWidth;
    const height = container.clientHeight;
    if (!width || !height) return;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    render();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(container);
  resize();

  const lost = (event: Event) => {
    event.preventDefault();
    setSpinning(false);
    options.onContextLost();
  };
  canvas.addEventListener('webglcontextlost', lost);
  setSpinning(options.spinning);

  return {
    rotate(left, up) {
      controls.rotateLeft(left);
      controls.rotateUp(up);
    },
    reset() {
      home();
      controls.target.set(aim.x, aim.y, aim.z);
      controls.update();
    },
    setSpinning,
    dispose() {
      setSpinning(false);
      observer.disconnect();
      canvas.removeEventListener('webglcontextlost', lost);
      controls.dispose();
      const materials = new Set<Material>();
      ship.traverse((object) => {
        if (object instanceof Mesh) {
          object.geometry.dispose();
          materials.add(object.material as Material);
        }
      });
      materials.forEach((m) => m.dispose());
      renderer.dispose();
      // Browsers cap live WebGL contexts; give this one back now rather than at GC.
      renderer.forceContextLoss();
      canvas.remove();
    },
  };
}
