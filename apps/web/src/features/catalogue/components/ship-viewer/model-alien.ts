import { ELEMENT_COLOURS } from './element-colours.ts';
import { cubic, r4, radiusAt, round2, smoothThrough } from './model-helpers.ts';
import type { FamilyModel, Part, Vec2, Vec3 } from './model-types.ts';
import type { Rng } from './random.ts';

/**
 * Alien ships, as in the portraits: one soft body (head bulb, waist, rear bulge) with no
 * straight edges, crescent claw wings with a vein and glowing spots, trailing tendrils,
 * glowing pods for engines and a slit-pupil eye.
 */
export function alienShip(rng: Rng): FamilyModel {
  const length = rng.range(3.6, 4.2);
  const nose = -length / 2;
  const tail = length / 2;
  const w = rng.range(0.45, 0.65);
  const headZ = nose + length * rng.range(0.24, 0.32);
  const waistZ = nose + length * rng.range(0.42, 0.5);
  const rearZ = nose + length * rng.range(0.64, 0.72);
  const waist = w * rng.range(0.5, 0.72);
  const keys: Vec2[] = [
    [0, tail],
    [w * 0.55, tail - length * 0.06],
    [w * 1.05, rearZ],
    [waist, waistZ],
    [w * 0.85, headZ],
    [w * 0.7, nose + length * 0.08],
    [w * 0.35, nose + length * 0.015],
    [0, nose],
  ];
  // A spline can dip below zero between points near the tips; a radius cannot.
  const profile = smoothThrough(keys, 6).map(([r, z]) => round2([Math.max(0, r), z]));
  const parts: Part[] = [{ kind: 'lathe', profile, segments: 32, flatTop: false, material: 'hull' }];
  for (const t of [0.5, 0.6, 0.7]) {
    const z = nose + length * t;
    parts.push({ kind: 'ring', radius: r4(radiusAt(profile, z) * 0.99), tube: 0.025, position: [0, 0, r4(z)], material: 'hullDark' });
  }

  // Crescent wing: the outer edge bulges forward, the tip curls back or forward like a claw.
  const rootX = waist * 0.85;
  const rz = waistZ - rng.range(0, 0.4);
  const span = rng.range(1.5, 1.95);
  const tipZ = rz + rng.range(-0.2, 1.4);
  const chord = length * rng.range(0.22, 0.32);
  const bulge = rng.range(0.4, 1.0);
  const root: Vec2 = [rootX, rz];
  const tip: Vec2 = [span, tipZ];
  const outline = [
    root,
    ...cubic(root, [span * 0.45, rz - bulge], [span * 0.95, tipZ - 0.65], tip, 10),
    ...cubic(tip, [span * 0.7, tipZ - 0.27], [span * 0.5, rz + chord], [rootX, rz + chord], 10),
  ].map(round2);
  const thickness = 0.08;
  const wingY = -0.05;
  parts.push({ kind: 'plate', plane: 'horizontal', outline, thickness, bevel: 0.03, position: [0, wingY, 0], material: 'hullLight', mirror: true });
  const onWing = wingY + thickness / 2 + 0.03;
  const vein: Vec3[] = [[rootX + 0.05, onWing, rz + chord * 0.45], [span * 0.6, onWing, rz + chord * 0.2 - bulge * 0.1], [span - 0.12, onWing, tipZ - 0.12]];
  parts.push({ kind: 'tube', path: vein.map(([x, y, z]) => [r4(x), r4(y), r4(z)] as Vec3), radius: 0.022, material: 'accent', mirror: true });
  for (let i = rng.int(2, 4); i > 0; i--) {
    const t = rng.next();
    const spot: Vec3 = [r4(span * (0.35 + 0.4 * t)), r4(onWing - 0.02), r4(rz + chord * 0.3 + (tipZ - rz) * t * 0.5)];
    parts.push({ kind: 'sphere', radius: r4(rng.range(0.04, 0.08)), scale: [1, 0.5, 1], position: spot, material: 'accent2', mirror: true });
  }
  if (rng.chance(0.65)) {
    const x = w * 0.6;
    const z = rearZ + 0.1;
    const path: Vec3[] = [[x, 0, z], [x + rng.range(0.25, 0.6), -0.1, z + rng.range(0.4, 0.8)], [x + rng.range(-0.1, 0.4), -0.15, z + rng.range(0.95, 1.35)]];
    parts.push({ kind: 'tube', path: path.map(([a, b, c]) => [r4(a), r4(b), r4(c)] as Vec3), radius: 0.05, material: 'hull', mirror: true });
  }

  const pods = rng.int(1, 2);
  for (let i = 0; i < pods; i++) {
    const x = pods === 1 ? 0 : (i === 0 ? -1 : 1) * w * 0.45;
    const r = pods === 1 ? 0.2 : 0.15;
    parts.push({ kind: 'sphere', radius: 1, scale: [r4(r * 1.1), r4(r * 1.1), r4(r * 2.4)], position: [r4(x), 0, r4(tail + 0.12)], material: 'flame' });
  }

  const eyeZ = nose + length * rng.range(0.13, 0.18);
  const eyeR = w * 0.34;
  const eyeY = radiusAt(profile, eyeZ) * 0.78;
  parts.push(
    { kind: 'sphere', radius: r4(eyeR), scale: [1, 0.8, 1.35], position: [0, r4(eyeY), r4(eyeZ)], material: 'accent2' },
    { kind: 'sphere', radius: r4(eyeR), scale: [0.18, 0.9, 1.1], position: [0, r4(eyeY + eyeR * 0.12), r4(eyeZ)], material: 'hullDark' },
  );
  return { colours: { ...ELEMENT_COLOURS[2] }, finish: { metalness: 0.1, roughness: 0.55, flatShading: false, glow: 1.2 }, length, span: span * 2, parts };
}
