import { describe, expect, it } from 'vitest';
import { ELEMENT_COLOURS, HUMAN_FINISHES, type ElementCode } from './element-colours.ts';
import type { Part, Vec2 } from './model-types.ts';
import { shipSeed } from './random.ts';
import { buildShipModel } from './ship-model.ts';

const ELEMENTS: ElementCode[] = [0, 1, 2];
const SEEDS = Array.from({ length: 60 }, (_, i) => shipSeed(`ship-${i + 1}`));

/** Every number anywhere in the model, to catch NaN or Infinity reaching the GPU. */
function numbers(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbers);
  if (value && typeof value === 'object') return Object.values(value).flatMap(numbers);
  return [];
}

/** True when two segments properly cross (touching ends do not count). */
function crosses(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const side = (p: Vec2, q: Vec2, r: Vec2) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
}
function selfIntersects(outline: readonly Vec2[]): boolean {
  const n = outline.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // neighbours across the closing edge
      if (crosses(outline[i]!, outline[(i + 1) % n]!, outline[j]!, outline[(j + 1) % n]!)) return true;
    }
  }
  return false;
}

describe('procedural ship model', () => {
  it('the same element and seed give the same model; the seed follows the ship id', () => {
    expect(shipSeed('ship-17')).toBe(shipSeed('ship-17'));
    expect(shipSeed('ship-17')).not.toBe(shipSeed('ship-71'));
    for (const element of ELEMENTS) {
      expect(buildShipModel(element, shipSeed('ship-17'))).toEqual(buildShipModel(element, shipSeed('ship-17')));
    }
  });

  it('different seeds give different ships within a family', () => {
    for (const element of ELEMENTS) {
      const shapes = new Set(SEEDS.map((seed) => JSON.stringify(buildShipModel(element, seed).parts)));
      expect(shapes.size).toBe(SEEDS.length);
      const lengths = new Set(SEEDS.map((seed) => buildShipModel(element, seed).length));
      expect(lengths.size).toBeGreaterThan(SEEDS.length / 2);
    }
  });

  it('the element sets the palette of the portraits and the family of surfaces', () => {
    const seed = shipSeed('ship-5');
    const [human, ai, alien] = ELEMENTS.map((e) => buildShipModel(e, seed));
    expect(ai!.colours).toMatchObject({ accent: '#22d3ee', accent2: '#34d399', hull: '#123238', flame: '#2dd4bf' });
    expect(alien!.colours).toMatchObject({ accent: '#f0abfc', accent2: '#a3e635', hull: '#7e3fe0', flame: '#e879f9' });
    expect(human!.colours).toMatchObject({ accent: '#2f6fde', accent2: '#f59e0b', flame: '#60a5fa' });
    // Human hulls wear one of the three finishes of the portraits.
    const hulls = new Set(SEEDS.map((s) => buildShipModel(0, s).colours.hull));
    expect([...hulls].sort()).toEqual([ELEMENT_COLOURS[0].hull, ...HUMAN_FINISHES.slice(1).map((f) => f.hull!)].sort());
    // Faceted machines and steel, smooth aliens.
    expect(ai!.finish.flatShading).toBe(true);
    expect(alien!.finish.flatShading).toBe(false);
    const hull = (m: typeof ai) => m!.parts.find((p): p is Extract<Part, { kind: 'lathe' }> => p.kind === 'lathe')!;
    expect([4, 6]).toContain(hull(ai).segments);
    expect(hull(human).segments).toBe(8);
    expect(hull(alien).segments).toBe(32);
    for (const m of [human, ai, alien]) expect(m!.colours.gold).toBe('#f5b82e');
  });

  it('every model is well formed: finite numbers, known materials, a closed hull, simple wing outlines', () => {
    for (const element of ELEMENTS) {
      for (const seed of SEEDS) {
        const model = buildShipModel(element, seed);
        expect(numbers(model).every(Number.isFinite)).toBe(true);
        for (const part of model.parts) expect(model.colours).toHaveProperty(part.material);
        const lathe = model.parts.find((p) => p.kind === 'lathe');
        if (lathe?.kind !== 'lathe') throw new Error('no hull');
        expect(lathe.profile[0]![0]).toBe(0);
        expect(lathe.profile.at(-1)![0]).toBe(0);
        expect(lathe.profile.every(([r]) => r >= 0)).toBe(true);
        for (const part of model.parts) {
          if (part.kind === 'plate') expect(selfIntersects(part.outline), `element ${element} seed ${seed}`).toBe(false);
        }
        // The camera frames the ship from its size.
        expect(model.length).toBeGreaterThan(3);
        expect(model.span).toBeGreaterThan(model.length * 0.6);
      }
    }
  });

  it('the crossing check itself notices a bow tie', () => {
    expect(selfIntersects([[0, 0], [1, 1], [1, 0], [0, 1]])).toBe(true);
    expect(selfIntersects([[0, 0], [1, 0], [1, 1], [0, 1]])).toBe(false);
  });
});
