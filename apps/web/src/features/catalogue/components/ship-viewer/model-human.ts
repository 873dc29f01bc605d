import { ELEMENT_COLOURS, HUMAN_FINISHES } from './element-colours.ts';
import { edgeZ, r4, round2 } from './model-helpers.ts';
import type { FamilyModel, Part, Vec2 } from './model-types.ts';
import type { Rng } from './random.ts';

/**
 * Human ships, as in the portraits: a straight-edged steel hull (eight flat sides), wings with
 * a blue livery, square nozzles and a glass canopy. The wing generator passes through a
 * "crank" part-way out, so one recipe gives deltas, straight, forward-swept and cranked wings.
 */
export function humanShip(rng: Rng): FamilyModel {
  const colours = { ...ELEMENT_COLOURS[0], ...rng.pick(HUMAN_FINISHES) };
  const length = rng.range(3.6, 4.2);
  const nose = -length / 2;
  const tail = length / 2;
  const w = rng.range(0.3, 0.48);
  const noseLen = length * rng.range(0.2, 0.32);
  const tip: Vec2[] = rng.pick<Vec2[]>([
    [[w * 0.3, nose + noseLen * 0.25], [0, nose]], // needle
    [[0, nose]], // wedge
    [[w * 0.55, nose + 0.06], [0, nose + 0.02]], // blunt
  ]);
  const keys: Vec2[] = [[0, tail], [w * 0.8, tail], [w * 1.08, tail - 0.16], [w, tail - length * 0.2], [w, nose + noseLen], ...tip];
  const profile = keys.map(round2);
  const parts: Part[] = [{ kind: 'lathe', profile, segments: 8, flatTop: true, material: 'hull' }];

  // Wing: leading edge root → crank → tip, trailing edge back the same way.
  const wingY = -w * 0.25;
  const rx = w * 0.9;
  const rootZ = nose + length * rng.range(0.38, 0.52);
  const rootChord = length * rng.range(0.24, 0.34);
  const tx = rng.range(1.6, 2.1);
  const sweep = rng.pick([rng.range(0.9, 1.5), rng.range(-0.05, 0.4), rng.range(-0.5, -0.2)]);
  const tipChord = rng.range(0.2, 0.45);
  const crank = rng.range(0.35, 0.6);
  const mx = rx + (tx - rx) * crank;
  const crankLe = sweep * crank + (rng.chance(0.5) ? rng.range(-0.25, 0.25) : 0);
  const tipZ = rootZ + sweep;
  const leading: Vec2[] = [[rx, rootZ], [mx, rootZ + crankLe], [tx, tipZ]];
  const trailing: Vec2[] = [[rx, rootZ + rootChord], [mx, rootZ + crankLe + rootChord + (tipChord - rootChord) * crank], [tx, tipZ + tipChord]];
  const thickness = 0.07;
  parts.push({ kind: 'plate', plane: 'horizontal', outline: [...leading, ...[...trailing].reverse()].map(round2), thickness, bevel: 0, position: [0, r4(wingY), 0], material: 'hull', mirror: true });

  // Livery bands follow the real wing surface, chordwise t and spanwise s in 0..1.
  const band = (t0: number, t1: number, s0 = 0.04, s1 = 0.96): Part => {
    const at = (t: number, s: number): Vec2 => {
      const x = rx + (tx - rx) * s;
      const le = edgeZ(leading, x);
      return [x, le + (edgeZ(trailing, x) - le) * t];
    };
    const s = [0, 0.25, 0.5, 0.75, 1].map((k) => s0 + (s1 - s0) * k);
    const outline = [...s.map((k) => at(t0, k)), ...[...s].reverse().map((k) => at(t1, k))];
    return { kind: 'plate', plane: 'horizontal', outline: outline.map(round2), thickness: thickness + 0.014, bevel: 0, position: [0, r4(wingY), 0], material: 'accent', mirror: true };
  };
  const livery = rng.pick(['stripe', 'tip', 'double'] as const);
  if (livery === 'stripe') parts.push(band(0.12, 0.3));
  else if (livery === 'tip') parts.push(band(0.05, 0.95, 0.78, 0.97));
  else parts.push(band(0.1, 0.2), band(0.3, 0.4));

  // Wing-tip pod with a navigation light.
  parts.push(
    { kind: 'cylinder', radiusFront: 0.05, radiusBack: 0.06, length: r4(tipChord + 0.4), segments: 8, position: [r4(tx), r4(wingY), r4(tipZ + tipChord / 2 - 0.05)], material: 'hullDark', mirror: true },
    { kind: 'sphere', radius: 0.05, position: [r4(tx), r4(wingY), r4(tipZ - 0.27)], material: 'accent2', mirror: true },
  );
  if (rng.chance(0.45)) {
    const z = nose + noseLen + 0.05;
    const canard: Vec2[] = [[w * 0.9, z], [w + rng.range(0.3, 0.55), z + rng.range(0.25, 0.45)], [w * 0.9, z + 0.45]];
    parts.push({ kind: 'plate', plane: 'horizontal', outline: canard.map(round2), thickness: 0.05, bevel: 0, position: [0, r4(-w * 0.1), 0], material: 'hull', mirror: true });
  }

  // Tail: one fin on the spine, or two canted outwards.
  const finH = rng.range(0.45, 0.75);
  const fin: Vec2[] = [[tail - length * 0.28, 0], [tail - 0.32, finH], [tail - 0.08, finH], [tail - 0.02, 0]];
  if (rng.chance(0.4)) {
    parts.push({ kind: 'plate', plane: 'vertical', outline: fin.map(round2), thickness: 0.05, bevel: 0, position: [r4(w * 0.6), r4(w * 0.6), 0], rotation: [0, 0, -0.35], material: 'hullDark', mirror: true });
  } else {
    parts.push({ kind: 'plate', plane: 'vertical', outline: fin.map(round2), thickness: 0.06, bevel: 0, position: [0, r4(w * 0.85), 0], material: 'hullDark' });
  }

  // Square nozzles and their flames; some hulls hang extra engines under the wings.
  const count = rng.int(1, 3);
  const ew = count === 1 ? w * 1.1 : count === 2 ? w * 0.65 : w * 0.5;
  const xs = count === 1 ? [0] : count === 2 ? [-w * 0.45, w * 0.45] : [-w * 0.6, 0, w * 0.6];
  for (const x of xs) parts.push(...nozzle(x, 0, tail + 0.08, ew, rng.range(0.45, 0.75)));
  if (rng.chance(0.4)) {
    const nx = rx + (tx - rx) * 0.5;
    const nz = edgeZ(leading, nx) + 0.1;
    const nl = rootChord * 0.7;
    parts.push({ kind: 'cylinder', radiusFront: 0.09, radiusBack: 0.12, length: r4(nl), segments: 8, position: [r4(nx), r4(wingY - 0.13), r4(nz + nl / 2)], material: 'hull', mirror: true });
    parts.push(...nozzle(nx, wingY - 0.13, nz + nl + 0.06, 0.18, 0.4).map((p) => ({ ...p, mirror: true })));
  }

  const cockpitZ = nose + length * rng.range(0.18, 0.28);
  const cw = w * rng.range(0.45, 0.62);
  parts.push(
    { kind: 'sphere', radius: 1, scale: [r4(cw), r4(cw * 0.7), r4(rng.range(0.25, 0.4))], position: [0, r4(w * 0.8), r4(cockpitZ)], material: 'glass' },
    { kind: 'box', size: [0.07, 0.03, r4(tail - 0.35 - cockpitZ - 0.35)], position: [0, r4(w * 0.93), r4((cockpitZ + 0.35 + tail - 0.35) / 2)], material: 'accent' },
  );
  return { colours, finish: { metalness: 0.7, roughness: 0.35, flatShading: true, glow: 0.35 }, length, span: tx * 2, parts };
}

function nozzle(x: number, y: number, z: number, size: number, flame: number): Part[] {
  return [
    { kind: 'box', size: [r4(size), r4(size * 0.85), 0.26], position: [r4(x), r4(y), r4(z)], material: 'hullDark' },
    { kind: 'cylinder', radiusFront: r4(size * 0.38), radiusBack: 0, length: r4(flame), segments: 12, position: [r4(x), r4(y), r4(z + 0.13 + flame / 2)], material: 'flame' },
  ];
}
