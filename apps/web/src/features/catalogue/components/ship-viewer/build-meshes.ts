import {
  AdditiveBlending,
  BoxGeometry,
  BufferGeometry,
  CatmullRomCurve3,
  Color,
  CylinderGeometry,
  DoubleSide,
  ExtrudeGeometry,
  Group,
  LatheGeometry,
  Material,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  Shape as ThreeShape,
  SphereGeometry,
  TorusGeometry,
  TubeGeometry,
  Vector2,
  Vector3,
} from 'three';
import type { MaterialKey, Shape, ShipModel } from './model-types.ts';

/** Turns the plain-data ship into three.js meshes. Part of the lazily loaded 3D chunk. */
export function buildShipGroup(model: ShipModel): Group {
  const materials = makeMaterials(model);
  const group = new Group();
  for (const part of model.parts) {
    const mesh = new Mesh(makeGeometry(part), materials[part.material]);
    if (part.position) mesh.position.set(...part.position);
    if (part.rotation) mesh.rotation.set(...part.rotation);
    if (part.scale) mesh.scale.set(...part.scale);
    group.add(mesh);
    if (part.mirror) {
      // A mirrored parent flips winding; three.js sees the negative scale and culls accordingly.
      const side = new Group();
      side.scale.set(-1, 1, 1);
      side.add(mesh.clone());
      group.add(side);
    }
  }
  return group;
}

function makeMaterials(model: ShipModel): Record<MaterialKey, Material> {
  const { colours: c, finish } = model;
  const solid = (colour: string, extra: Partial<ConstructorParameters<typeof MeshStandardMaterial>[0]> = {}) =>
    new MeshStandardMaterial({ color: colour, metalness: finish.metalness, roughness: finish.roughness, flatShading: finish.flatShading, ...extra });
  const glowing = (colour: string) => solid(colour, { emissive: new Color(colour), emissiveIntensity: finish.glow, metalness: 0.2 });
  return {
    hull: solid(c.hull),
    hullLight: solid(c.hullLight),
    hullDark: solid(c.hullDark),
    accent: glowing(c.accent),
    accent2: glowing(c.accent2),
    glass: solid(c.glass, { metalness: 0.1, roughness: 0.08, flatShading: false, emissive: new Color(c.glass), emissiveIntensity: 0.25 }),
    // Flames add light rather than cover what is behind them.
    flame: new MeshBasicMaterial({ color: c.flame, transparent: true, opacity: 0.8, blending: AdditiveBlending, depthWrite: false, side: DoubleSide }),
    gold: solid(c.gold, { metalness: 1, roughness: 0.3, flatShading: false, emissive: new Color(c.gold), emissiveIntensity: 0.35 }),
  };
}

function makeGeometry(shape: Shape): BufferGeometry {
  switch (shape.kind) {
    case 'lathe': {
      // LatheGeometry turns around y; the profile's z becomes −y, then y is laid along −z.
      const points = shape.profile.map(([r, z]) => new Vector2(r, -z));
      const geometry = new LatheGeometry(points, shape.segments, shape.flatTop ? Math.PI / shape.segments : 0);
      return geometry.rotateX(-Math.PI / 2);
    }
    case 'plate': {
      const outline = new ThreeShape(shape.outline.map(([a, b]) => new Vector2(a, b)));
      const bevel = shape.bevel > 0;
      const geometry = new ExtrudeGeometry(outline, {
        depth: shape.thickness - (bevel ? shape.bevel * 2 : 0),
        bevelEnabled: bevel,
        bevelThickness: shape.bevel,
        bevelSize: shape.bevel,
        bevelSegments: 3,
        curveSegments: 4,
      });
      // The outline lies in xy and is extruded along z; turn it into the ship's plane, centred.
      if (shape.plane === 'horizontal') return geometry.rotateX(Math.PI / 2).translate(0, shape.thickness / 2 - (bevel ? shape.bevel : 0), 0);
      return geometry.rotateY(-Math.PI / 2).translate(shape.thickness / 2 - (bevel ? shape.bevel : 0), 0, 0);
    }
    case 'box':
      return new BoxGeometry(...shape.size);
    case 'cylinder':
      // CylinderGeometry's top (+y) becomes the back (+z).
      return new CylinderGeometry(shape.radiusBack, shape.radiusFront, shape.length, shape.segments).rotateX(Math.PI / 2);
    case 'sphere':
      return new SphereGeometry(shape.radius, 24, 16);
    case 'tube':
      return new TubeGeometry(new CatmullRomCurve3(shape.path.map((p) => new Vector3(...p))), 24, shape.radius, 8);
    case 'ring':
      return new TorusGeometry(shape.radius, shape.tube, 12, 64);
  }
}
