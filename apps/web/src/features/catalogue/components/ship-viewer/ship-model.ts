import { LEGENDARY_GOLD, type ElementCode } from './element-colours.ts';
import { aiShip } from './model-ai.ts';
import { alienShip } from './model-alien.ts';
import { r4 } from './model-helpers.ts';
import { humanShip } from './model-human.ts';
import type { ShipModel } from './model-types.ts';
import { seededRng } from './random.ts';

const FAMILIES = { 0: humanShip, 1: aiShip, 2: alienShip } as const;

/**
 * The 3D model of a ship as plain data. The element picks the family (silhouette, surfaces)
 * and palette; the seed shapes the hull, wings, engines and cockpit. Same element and seed,
 * same ship, on every machine.
 */
export function buildShipModel(element: ElementCode, seed: number): ShipModel {
  // Mix the element in, so the three families built from one seed do not share a stream.
  const rng = seededRng(Math.imul((seed >>> 0) ^ (element + 1), 0x9e3779b1) >>> 0);
  const family = FAMILIES[element](rng);
  return {
    ...family,
    element,
    seed,
    length: r4(family.length),
    span: r4(family.span),
    colours: { ...family.colours, gold: LEGENDARY_GOLD },
    // Every ship in the viewer is Legendary: it floats over a gold display ring, the 3D echo
    // of the gold frame on its portrait.
    parts: [...family.parts, { kind: 'ring', radius: r4(Math.max(family.length, family.span) * 0.45), tube: 0.025, position: [0, -0.75, 0], rotation: [Math.PI / 2, 0, 0], material: 'gold' }],
  };
}
