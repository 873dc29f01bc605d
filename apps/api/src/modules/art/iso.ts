import { n, pts, shade, type Point } from './svg.ts';

/**
 * A tiny isometric projection for boxes (containers, crates). x runs to the lower right,
 * y to the lower left, z up. Visible faces: top, "front" (y = max, lower left) and
 * "side" (x = max, lower right).
 */
export type Iso = { ox: number; oy: number; s: number };
export type Box = { x: number; y: number; z: number; lx: number; ly: number; lz: number };

const COS30 = Math.cos(Math.PI / 6);

export const project = ({ ox, oy, s }: Iso, x: number, y: number, z: number): Point => [ox + (x - y) * COS30 * s, oy + (x + y) * 0.5 * s - z * s];

/**
 * Face-local drawing: inside the returned transform, (u, v) are box units from the face's
 * top-left corner (u to the right, v down), so windows and ribs are plain rects however the
 * face is sheared on screen.
 */
export function faceTransform(iso: Iso, b: Box, face: 'front' | 'side'): string {
  const { s } = iso;
  if (face === 'front') {
    const [e, f] = project(iso, b.x, b.y + b.ly, b.z + b.lz);
    return `matrix(${n(COS30 * s)} ${n(0.5 * s)} 0 ${n(s)} ${n(e)} ${n(f)})`;
  }
  const [e, f] = project(iso, b.x + b.lx, b.y + b.ly, b.z + b.lz);
  return `matrix(${n(COS30 * s)} ${n(-0.5 * s)} 0 ${n(s)} ${n(e)} ${n(f)})`;
}

/**
 * A shaded box: top lighter, side darker. `front` and `side` are face-local decorations drawn
 * with v measured downwards from the top edge (SVG's own direction), in box units.
 */
export function isoBox(iso: Iso, b: Box, colour: string, front = '', side = ''): string {
  const P = (x: number, y: number, z: number) => project(iso, x, y, z);
  const { x, y, z, lx, ly, lz } = b;
  const top = [P(x, y, z + lz), P(x + lx, y, z + lz), P(x + lx, y + ly, z + lz), P(x, y + ly, z + lz)];
  const frontFace = [P(x, y + ly, z), P(x + lx, y + ly, z), P(x + lx, y + ly, z + lz), P(x, y + ly, z + lz)];
  const sideFace = [P(x + lx, y, z), P(x + lx, y + ly, z), P(x + lx, y + ly, z + lz), P(x + lx, y, z + lz)];
  const edge = shade(colour, -0.55);
  return (
    `<polygon points="${pts(top)}" fill="${shade(colour, 0.28)}"/>` +
    `<polygon points="${pts(frontFace)}" fill="${colour}"/>` +
    `<polygon points="${pts(sideFace)}" fill="${shade(colour, -0.28)}"/>` +
    (front ? `<g transform="${faceTransform(iso, b, 'front')}">${front}</g>` : '') +
    (side ? `<g transform="${faceTransform(iso, b, 'side')}">${side}</g>` : '') +
    `<g fill="none" stroke="${edge}" stroke-width="1.5" stroke-linejoin="round"><polygon points="${pts(top)}"/><polygon points="${pts(frontFace)}"/><polygon points="${pts(sideFace)}"/></g>`
  );
}
