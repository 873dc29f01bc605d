import { type Box, type Iso, faceTransform, isoBox } from './iso.ts';
import { RARITY_STYLES } from './palette.ts';
import { SIZE, glowFilter, n, pts, starPoints, svgDocument } from './svg.ts';

const CRATE = '#34306b';
const TRIM = '#f5b82e';

/**
 * The Frontier Blind Box: a sealed crate with a glowing question mark. The light rays behind
 * it are the four rarity colours, hinting at what may be inside.
 */
export function renderBlindBox(): string {
  const iso: Iso = { ox: 256, oy: 196, s: 37 };
  const body: Box = { x: 0, y: 0, z: 0, lx: 4, ly: 4, lz: 3.3 };
  const lid: Box = { x: -0.15, y: -0.15, z: 3.3, lx: 4.3, ly: 4.3, lz: 0.7 };
  const mark = (face: 'front' | 'side') =>
    `<g transform="${faceTransform(iso, body, face)}"><text x="2" y="2.75" font-size="2.9" font-weight="700" text-anchor="middle" fill="#fef3c7" filter="url(#bbglow)">?</text></g>`;
  const plates = `<rect x="0" y="0" width="0.5" height="3.3" fill="${TRIM}"/><rect x="3.5" y="0" width="0.5" height="3.3" fill="${TRIM}"/>`;
  const rays = Object.values(RARITY_STYLES)
    .flatMap((r, i) => [i, i + 4, i + 8].map((k) => ray(k * 30 + 8, r.frame)))
    .join('');
  const sparkles = [[82, 112, 14], [428, 96, 18], [448, 330, 11], [66, 318, 12], [390, 176, 8]]
    .map(([x, y, r]) => `<polygon points="${pts(starPoints(x!, y!, r!, r! * 0.3))}" fill="#fff7d6"/>`)
    .join('');
  return svgDocument(
    'Frontier Blind Box',
    `<defs>${glowFilter('bbglow', 6)}<radialGradient id="bbspace" cx="50%" cy="45%" r="70%"><stop offset="0" stop-color="#2a1f5c"/><stop offset="1" stop-color="#07061a"/></radialGradient>` +
      `<radialGradient id="bbfade"><stop offset=".2" stop-color="#07061a" stop-opacity="0"/><stop offset="1" stop-color="#07061a"/></radialGradient></defs>` +
      `<rect width="${SIZE}" height="${SIZE}" fill="url(#bbspace)"/>` +
      `<g opacity=".55">${rays}</g><rect width="${SIZE}" height="${SIZE}" fill="url(#bbfade)"/>` +
      `<ellipse cx="256" cy="418" rx="150" ry="34" fill="#000000" opacity=".45"/>` +
      isoBox(iso, body, CRATE, plates, plates) + mark('front') + mark('side') +
      isoBox(iso, lid, '#4a438f', `<rect x="0" y="0.25" width="4.3" height="0.2" fill="${TRIM}"/>`, `<rect x="0" y="0.25" width="4.3" height="0.2" fill="${TRIM}"/>`) +
      sparkles +
      `<text x="256" y="478" font-size="40" font-weight="800" text-anchor="middle" letter-spacing="6" fill="${TRIM}">FRONTIER</text>`,
  );
}

/** A thin wedge of light from the centre, `deg` degrees clockwise from up. */
function ray(deg: number, colour: string): string {
  const a = (deg * Math.PI) / 180;
  const at = (da: number): [number, number] => [256 + 380 * Math.sin(a + da), 250 - 380 * Math.cos(a + da)];
  return `<polygon points="${n(256)},${n(250)} ${pts([at(-0.09), at(0.09)])}" fill="${colour}"/>`;
}
