import { type Box, type Iso, isoBox, project } from './iso.ts';
import { UNIT_COLOURS } from './palette.ts';
import { SIZE, escapeXml, n, pts, shade, svgDocument } from './svg.ts';

export type UnitType = 1 | 2 | 3 | 4 | 5;

// A container is 6 × 2.4 × 2.6 units (a 20 ft box). Each type is a stack of them; bigger
// types have more floors and a wider footprint, so the type shows in the silhouette alone.
const L = 6;
const D = 2.4;
const H = 2.6;
type Stack = Array<[x: number, y: number, floor: number]>;
const LAYOUTS: Record<UnitType, { stack: Stack; maxScale: number }> = {
  1: { stack: [[0, 0, 0]], maxScale: 36 },
  2: { stack: [[0, 0, 0], [1.4, 0, 1]], maxScale: 33 },
  3: { stack: [[0, 0, 0], [0, D, 0], [1.2, 0, 1], [1.2, D, 1]], maxScale: 30 },
  4: { stack: [[0, 0, 0], [0, D, 0], [-1, 0, 1], [-1, D, 1], [0.6, 0, 2], [0.6, D, 2]], maxScale: 30 },
  5: { stack: [[0, 0, 0], [0, D, 0], [0, 0, 1], [0, D, 1], [-0.8, 0, 2], [-0.8, D, 2], [0.8, 0, 3], [0.8, D, 3]], maxScale: 30 },
};

/** A container-house unit: an isometric stack of containers with windows, on a plot. */
export function renderUnit(type: UnitType): string {
  const { stack, maxScale } = LAYOUTS[type];
  const colours = UNIT_COLOURS[type];
  const floors = Math.max(...stack.map(([, , f]) => f)) + 1;
  const boxes = stack.map(([x, y, floor]): Box => ({ x, y, z: floor * H, lx: L, ly: D, lz: H }));
  const iso = fit(boxes, maxScale, floors > 2);
  const glass = `url(#u${type}glass)`;
  const frontY = Math.max(...boxes.map((b) => b.y + b.ly));
  const drawn = boxes
    // Painter's order: lower floors first, then back to front.
    .sort((a, b) => a.z - b.z || a.x + a.y - (b.x + b.y))
    .map((b) => {
      const floor = Math.round(b.z / H);
      const colour = floor % 2 ? colours.second : colours.main;
      const front = b.y + b.ly === frontY ? longSide(floor, type, colour, glass) : ribs(L, colour);
      return isoBox(iso, b, colour, front, endWall(floor, colour, glass));
    })
    .join('');
  // Tall types get a roof terrace: one railing round the whole top floor, drawn last.
  const roof = boxes.filter((b) => b.z === (floors - 1) * H);
  const terrace = floors > 2 ? railing(iso, { ...roof[0]!, ly: Math.max(...roof.map((b) => b.y + b.ly)) - roof[0]!.y }) : '';
  const label = `Type ${type}`;
  const [, groundY] = project(iso, 0, 0, 0);
  return svgDocument(
    `Container house ${label}, ${floors} floor${floors === 1 ? '' : 's'}`,
    `<defs><linearGradient id="u${type}sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a9cff8"/><stop offset="1" stop-color="#f1f7ff"/></linearGradient>` +
      `<linearGradient id="u${type}glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e6f4ff"/><stop offset="1" stop-color="#3b6e99"/></linearGradient></defs>` +
      `<rect width="${SIZE}" height="${SIZE}" fill="url(#u${type}sky)"/>` +
      `<ellipse cx="256" cy="${n(Math.max(groundY, 300) + 100)}" rx="236" ry="70" fill="#9cc48a"/>` +
      drawn +
      terrace +
      `<rect x="24" y="440" width="${n(label.length * 22 + 36)}" height="52" rx="14" fill="${colours.main}" stroke="${shade(colours.main, -0.4)}" stroke-width="3"/>` +
      `<text x="42" y="478" font-size="36" font-weight="700" fill="#ffffff">${escapeXml(label)}</text>` +
      Array.from({ length: floors }, (_, i) => `<rect x="${466 - i * 24}" y="454" width="18" height="24" rx="3" fill="${colours.main}" stroke="#ffffff" stroke-width="2.5"/>`).join(''),
  );
}

/** The projection that centres the stack above the label, as large as its type allows. */
function fit(boxes: Box[], maxScale: number, tall: boolean): Iso {
  const corners = boxes.flatMap((b) =>
    [0, b.lx].flatMap((dx) => [0, b.ly].flatMap((dy) => [0, b.lz + (tall ? 1 : 0)].map((dz) => project({ ox: 0, oy: 0, s: 1 }, b.x + dx, b.y + dy, b.z + dz)))),
  );
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const s = Math.min(maxScale, 400 / (maxX - minX), 360 / (maxY - minY));
  return { ox: 256 - ((minX + maxX) / 2) * s, oy: 418 - maxY * s, s };
}

/** Corrugated steel: thin vertical ribs across a face of width `w`. */
function ribs(w: number, colour: string): string {
  const lines = Array.from({ length: Math.floor(w / 0.3) }, (_, i) => `M${n(0.15 + i * 0.3)} 0.15V${n(H - 0.15)}`).join('');
  return `<path d="${lines}" stroke="${shade(colour, -0.22)}" stroke-width="0.06"/>`;
}

/** The long, street-facing side: ribs, big windows, a door on the ground floor. */
function longSide(floor: number, type: UnitType, colour: string, glass: string): string {
  const frame = shade(colour, -0.5);
  const windows =
    floor === 0
      ? `<rect x="0.5" y="0.7" width="1" height="1.9" fill="${frame}"/><rect x="2" y="0.55" width="${n(2 + type * 0.2)}" height="1.3" fill="${glass}" stroke="${frame}" stroke-width="0.08"/>`
      : `<rect x="0.6" y="0.5" width="${n(3.2 + (floor % 2) * 1.2)}" height="1.5" fill="${glass}" stroke="${frame}" stroke-width="0.08"/>` +
        `<path d="M0.4 2.25H5.6" stroke="#e5e7eb" stroke-width="0.08"/>`;
  return ribs(L, colour) + windows + `<rect x="0" y="0" width="${L}" height="0.12" fill="${frame}"/>`;
}

/** The container end: its double doors, glazed on upper floors. */
function endWall(floor: number, colour: string, glass: string): string {
  const frame = shade(colour, -0.5);
  return (
    ribs(D, colour) +
    (floor === 0
      ? `<path d="M0.4 0.3V2.4M1.2 0.3V2.4M2 0.3V2.4" stroke="${frame}" stroke-width="0.07"/>`
      : `<rect x="0.4" y="0.45" width="1.6" height="1.5" fill="${glass}" stroke="${frame}" stroke-width="0.08"/>`)
  );
}

/** A roof-terrace railing along the visible top edges of a box. */
function railing(iso: Iso, b: Box): string {
  const z = b.z + b.lz;
  const at = (x: number, y: number, dz: number) => project(iso, x, y, z + dz);
  const corners: Array<[number, number]> = [[b.x, b.y + b.ly], [b.x + b.lx, b.y + b.ly], [b.x + b.lx, b.y]];
  const posts = [0, 0.25, 0.5, 0.75, 1]
    .flatMap((t) => [[b.x + b.lx * t, b.y + b.ly], [b.x + b.lx, b.y + b.ly * t]] as Array<[number, number]>)
    .map(([x, y]) => `M${pts([at(x, y, 0)])}L${pts([at(x, y, 0.9)])}`)
    .join('');
  return `<g fill="none" stroke="#f8fafc" stroke-width="2.5" stroke-linecap="round"><polyline points="${pts(corners.map(([x, y]) => at(x, y, 0.9)))}"/><path d="${posts}"/></g>`;
}
