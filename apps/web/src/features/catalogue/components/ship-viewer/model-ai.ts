import { ELEMENT_COLOURS } from './element-colours.ts';
import { r4, radiusAt, round2 } from './model-helpers.ts';
import type { FamilyModel, Part, Vec2, Vec3 } from './model-types.ts';
import type { Rng } from './random.ts';

/**
 * AI ships, as in the portraits: a faceted dark hull (four or six flat sides), blades that
 * float free of it, tied on by glowing links, circuit traces, hexagonal thrusters and one eye.
 */
export function aiShip(rng: Rng): FamilyModel {
  const length = rng.range(3.6, 4.2);
  const nose = -length / 2;
  const tail = length / 2;
  const w = rng.range(0.4, 0.6);
  const keys: Vec2[] = [
    [0, tail],
    [w * 0.35, tail],
    [w * rng.range(0.7, 0.9), tail - length * 0.1],
    [w, nose + length * rng.range(0.4, 0.5)],
    [w * rng.range(0.45, 0.7), nose + length * rng.range(0.14, 0.22)],
    [0, nose],
  ];
  const profile = keys.map(round2);
  const parts: Part[] = [{ kind: 'lathe', profile, segments: rng.pick([4, 6]), flatTop: false, material: 'hull' }];

  // Blades beside the hull, with a gap the links bridge.
  const gap = rng.range(0.12, 0.25);
  const z0 = nose + length * rng.range(0.32, 0.45);
  const chord = length * rng.range(0.28, 0.4);
  const span = rng.range(1.6, 2.0);
  const sweep = rng.range(0.25, 1.5);
  const bx = w + gap;
  const tip: Vec2 = [span, z0 + sweep];
  const tipChord = rng.range(0.2, 0.4);
  const blade = rng.pick<Vec2[]>([
    [[bx, z0], tip, [bx, z0 + chord]], // triangle
    [[bx, z0], tip, [tip[0], tip[1] + tipChord], [bx, z0 + chord]], // cut tip
    [[bx, z0], tip, [bx + (tip[0] - bx) * 0.45, z0 + chord * 0.6 + sweep * 0.3], [bx, z0 + chord]], // notched chevron
  ]);
  const thickness = 0.06;
  parts.push({ kind: 'plate', plane: 'horizontal', outline: blade.map(round2), thickness, bevel: 0, material: 'hullLight', mirror: true });
  const top = thickness / 2 + 0.01;
  const edge = (t: number): Vec3 => [r4(bx + 0.1 + (tip[0] - bx - 0.3) * t), top, r4(z0 + 0.12 + (tip[1] - z0 - 0.08) * t)];
  const bend = edge(0.55);
  parts.push({ kind: 'tube', path: [edge(0), bend, [r4(bend[0] + 0.16), top, r4(bend[2] + 0.16)]], radius: 0.018, material: 'accent', mirror: true });
  if (rng.chance(0.55)) {
    const second: Vec2[] = [[bx + 0.08, z0 + chord + 0.12], [span * 0.72, z0 + chord + 0.12 + sweep * 0.5], [bx + 0.08, z0 + chord + 0.55]];
    parts.push({ kind: 'plate', plane: 'horizontal', outline: second.map(round2), thickness: 0.05, bevel: 0, material: 'hull', mirror: true });
  }
  for (const z of [z0 + 0.18, z0 + chord - 0.18]) {
    parts.push({ kind: 'box', size: [r4(gap + w * 0.2), 0.03, 0.03], position: [r4(w * 0.9 + (gap + w * 0.1) / 2), 0, r4(z)], material: 'accent2', mirror: true });
  }

  // Spine trace along the top ridge, with nodes where branches would leave it.
  const spineZ = [0.35, 0.5, 0.65, 0.8].map((t) => nose + length * t);
  parts.push({ kind: 'tube', path: spineZ.map((z) => [0, r4(radiusAt(profile, z) + 0.015), r4(z)] as Vec3), radius: 0.02, material: 'accent2' });
  for (let i = rng.int(2, 4); i > 0; i--) {
    const z = nose + length * rng.range(0.4, 0.78);
    parts.push({ kind: 'sphere', radius: 0.045, position: [0, r4(radiusAt(profile, z) + 0.02), r4(z)], material: 'accent2' });
  }

  const count = rng.int(1, 3);
  const r = count === 1 ? w * 0.42 : w * 0.28;
  for (let i = 0; i < count; i++) {
    const x = (i - (count - 1) / 2) * w * 0.6;
    const flame = rng.range(0.5, 0.85);
    parts.push(
      { kind: 'cylinder', radiusFront: r4(r * 0.9), radiusBack: r4(r), length: 0.24, segments: 6, position: [r4(x), 0, r4(tail + 0.04)], material: 'hullDark' },
      { kind: 'ring', radius: r4(r), tube: 0.025, position: [r4(x), 0, r4(tail + 0.16)], material: 'accent' },
      { kind: 'cylinder', radiusFront: r4(r * 0.6), radiusBack: 0, length: r4(flame), segments: 6, position: [r4(x), 0, r4(tail + 0.16 + flame / 2)], material: 'flame' },
    );
  }

  const eyeZ = nose + length * rng.range(0.22, 0.3);
  const eyeY = radiusAt(profile, eyeZ) * 0.7;
  parts.push(
    { kind: 'sphere', radius: r4(w * 0.38), scale: [1, 0.7, 1], position: [0, r4(eyeY), r4(eyeZ)], material: 'hullDark' },
    { kind: 'sphere', radius: r4(w * 0.18), position: [0, r4(eyeY + w * 0.16), r4(eyeZ - w * 0.08)], material: 'accent2' },
  );
  return { colours: { ...ELEMENT_COLOURS[1] }, finish: { metalness: 0.55, roughness: 0.4, flatShading: true, glow: 1.6 }, length, span: span * 2, parts };
}
