import type { ElementCode, ShipColours } from './element-colours.ts';

/**
 * A ship as plain data: what to build, not how. The builder that makes it is pure, so it is
 * unit-tested without a GPU; build-meshes.ts turns it into three.js meshes.
 *
 * Axes: the nose points to −z, up is +y, the right wing is +x. One unit is about a quarter of
 * the hull's length.
 */
export type Vec3 = readonly [number, number, number];
export type Vec2 = readonly [number, number];

export type MaterialKey = 'hull' | 'hullLight' | 'hullDark' | 'accent' | 'accent2' | 'glass' | 'flame' | 'gold';

type Placement = {
  material: MaterialKey;
  position?: Vec3;
  rotation?: Vec3;
  scale?: Vec3;
  /** also drawn mirrored across the centre line (x → −x): wings, pods, fins */
  mirror?: boolean;
};

export type Shape =
  /** a hull turned around the ship's long axis: [radius, z] from tail to nose */
  | { kind: 'lathe'; profile: Vec2[]; segments: number; flatTop: boolean }
  /** a flat outline given thickness: [x, z] when horizontal (wings), [z, y] when vertical (fins) */
  | { kind: 'plate'; outline: Vec2[]; thickness: number; plane: 'horizontal' | 'vertical'; bevel: number }
  | { kind: 'box'; size: Vec3 }
  /** along z: front is −z, back is +z (a flame is wide at the front and 0 at the back) */
  | { kind: 'cylinder'; radiusFront: number; radiusBack: number; length: number; segments: number }
  | { kind: 'sphere'; radius: number }
  | { kind: 'tube'; path: Vec3[]; radius: number }
  /** a torus in the xy plane, facing z */
  | { kind: 'ring'; radius: number; tube: number };

export type Part = Placement & Shape;

export type Finish = { metalness: number; roughness: number; flatShading: boolean; /** emissive strength of accents */ glow: number };

export type ShipModel = {
  element: ElementCode;
  seed: number;
  colours: ShipColours & { gold: string };
  finish: Finish;
  /** nose to tail, for framing the camera */
  length: number;
  /** widest point, wing tip to wing tip */
  span: number;
  parts: Part[];
};

/** What one element family contributes; the builder adds what every Legendary ship shares. */
export type FamilyModel = Omit<ShipModel, 'element' | 'seed' | 'colours'> & { colours: ShipColours };
