import type { ElementPalette } from './palette.ts';
import type { Rng } from './prng.ts';
import { CENTER as C, bothSides, mirrored, n, pts, type Point } from './svg.ts';

/** Hull finishes, all steel-grey so the family stays recognisable: bare steel, white, gunmetal. */
const FINISHES = [
  null,
  { hull: '#c3cdd9', hullLight: '#f8fafc', hullDark: '#5f6e82' },
  { hull: '#6f7b8b', hullLight: '#b5c0cd', hullDark: '#343e4b' },
] as const;

/** Human ships: straight-edged steel hulls, wings with a blue livery, square nozzles. */
export function humanShip(p: string, base: ElementPalette, rng: Rng): string {
  const pal = { ...base, ...(rng.pick(FINISHES) ?? {}) };
  const noseY = rng.range(74, 104);
  const tailY = rng.range(366, 392);
  const len = tailY - noseY;
  const w = rng.range(22, 38);
  const shoulderY = noseY + len * rng.range(0.2, 0.32);
  const nose: Point[] = rng.pick([
    [[C, noseY], [C + w * 0.3, noseY + len * 0.1], [C + w, shoulderY]], // needle
    [[C, noseY], [C + w, shoulderY]], // wedge
    [[C, noseY], [C + w * 0.55, noseY + 6], [C + w, shoulderY]], // blunt
  ] as Point[][]);
  const hull = mirrored([...nose, [C + w, tailY - len * 0.2], [C + w * 1.12, tailY - 12], [C + w * 0.92, tailY]]);

  // Wing: leading and trailing edges through a "crank" point part-way out, so one generator
  // gives deltas, straight wings, forward-swept and cranked wings.
  const rootY = noseY + len * rng.range(0.38, 0.52);
  const rootChord = len * rng.range(0.24, 0.36);
  const span = rng.range(122, 162);
  const sweep = rng.pick([rng.range(70, 120), rng.range(-5, 30), rng.range(-40, -15)]);
  const tipChord = rng.range(14, 40);
  const crank = rng.range(0.35, 0.6);
  const crankLe = sweep * crank + (rng.chance(0.5) ? rng.range(-20, 20) : 0);
  const rx = C + w - 3;
  const tx = C + span;
  const mx = rx + (tx - rx) * crank;
  const tipY = rootY + sweep;
  const wing = [[rx, rootY], [mx, rootY + crankLe], [tx, tipY], [tx, tipY + tipChord], [mx, rootY + crankLe + rootChord + (tipChord - rootChord) * crank], [rx, rootY + rootChord]] as Point[];
  const livery = rng.pick(['stripe', 'tip', 'double'] as const);
  const band = (t0: number, t1: number, s0 = 0, s1 = 1) => {
    const at = (t: number, s: number): Point => [rx + 6 + (tx - rx - 12) * s, rootY + rootChord * t + (sweep + (tipChord - rootChord) * t) * s];
    return `<polygon points="${pts([at(t0, s0), at(t0, s1), at(t1, s1), at(t1, s0)])}" fill="${pal.accent}"/>`;
  };
  const stripes = livery === 'stripe' ? band(0.12, 0.3) : livery === 'tip' ? band(0.05, 0.95, 0.78, 0.97) : band(0.1, 0.2) + band(0.3, 0.4);
  const canard = rng.chance(0.45)
    ? `<polygon points="${pts([[C + w - 2, shoulderY + 6], [C + w + rng.range(24, 40), shoulderY + rng.range(20, 34)], [C + w - 2, shoulderY + 36]])}" fill="${pal.hull}" stroke="${pal.hullDark}" stroke-width="2" stroke-linejoin="round"/>`
    : '';
  const fin = `<polygon points="${pts([[C + w, tailY - 60], [C + w + rng.range(18, 36), tailY - 4], [C + w * 0.9, tailY - 14]])}" fill="${pal.hullDark}"/>`;
  const pod = `<rect x="${n(tx - 4)}" y="${n(tipY - 18)}" width="8" height="${n(tipChord + 28)}" rx="3" fill="${pal.hullDark}"/><circle cx="${n(tx)}" cy="${n(tipY - 18)}" r="3.5" fill="#4ade80"/>`;
  const flameLen = rng.range(34, 56);
  const nozzle = (x: number, y: number, ew: number) =>
    `<polygon points="${pts([[x - ew / 2, y + 28 + flameLen], [x + ew / 2, y + 28 + flameLen], [x + ew * 0.35, y + 16], [x - ew * 0.35, y + 16]])}" fill="url(#${p}flame)"/>` +
    `<rect x="${n(x - ew / 2)}" y="${n(y - 2)}" width="${n(ew)}" height="22" rx="3" fill="${pal.hullDark}" stroke="#1f2937" stroke-width="2"/>`;
  // Nacelles: engine pods hung under the wings on some hulls.
  const nx = rx + (tx - rx) * 0.5;
  const nacelle = rng.chance(0.4)
    ? nozzle(nx, rootY + sweep * 0.5 + rootChord * 0.6, 16) + `<rect x="${n(nx - 9)}" y="${n(rootY + sweep * 0.5 - 10)}" width="18" height="${n(rootChord * 0.6 + 14)}" rx="8" fill="url(#${p}hull)" stroke="${pal.hullDark}" stroke-width="2"/>`
    : '';

  const engines = enginePositions(rng.int(1, 3), w);
  const ew = engines.length === 1 ? w * 0.9 : w * 0.55;
  const cy = noseY + len * rng.range(0.18, 0.28);
  const cl = rng.range(38, 62);
  const cw = w * rng.range(0.45, 0.62);
  const cockpit = mirrored([[C, cy - cl / 2], [C + cw, cy - cl / 5], [C + cw, cy + cl / 3], [C, cy + cl / 2]]);
  const panels = [0.45, 0.62, 0.78].map((t) => `<line x1="${n(C - w + 4)}" x2="${n(C + w - 4)}" y1="${n(noseY + len * t)}" y2="${n(noseY + len * t)}"/>`).join('');

  return (
    `<defs><linearGradient id="${p}hull" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${pal.hullDark}"/><stop offset=".5" stop-color="${pal.hullLight}"/><stop offset="1" stop-color="${pal.hullDark}"/></linearGradient>` +
    `<linearGradient id="${p}wing" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${pal.hullLight}"/><stop offset="1" stop-color="${pal.hull}"/></linearGradient>` +
    `<linearGradient id="${p}flame" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${pal.flame}" stop-opacity="0"/><stop offset=".7" stop-color="${pal.flame}"/><stop offset="1" stop-color="#ffffff"/></linearGradient>` +
    `<linearGradient id="${p}glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e0f2fe"/><stop offset=".45" stop-color="${pal.glass}"/><stop offset="1" stop-color="#1e3a5f"/></linearGradient></defs>` +
    engines.map((x) => nozzle(x, tailY - 6, ew)).join('') +
    bothSides(
      `<polygon points="${pts(wing)}" fill="url(#${p}wing)" stroke="${pal.hullDark}" stroke-width="2.5" stroke-linejoin="round"/>` +
        `${stripes}${pod}${nacelle}${canard}${fin}`,
    ) +
    `<polygon points="${pts(hull)}" fill="url(#${p}hull)" stroke="${pal.hullDark}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<g stroke="${pal.hullDark}" stroke-width="1.5" opacity=".6">${panels}</g>` +
    `<rect x="${n(C - 3)}" y="${n(cy + cl / 2 + 8)}" width="6" height="${n(tailY - cy - cl / 2 - 30)}" fill="${pal.accent}"/>` +
    `<polygon points="${pts(cockpit)}" fill="url(#${p}glass)" stroke="${pal.hullDark}" stroke-width="2.5" stroke-linejoin="round"/>`
  );
}

function enginePositions(count: number, w: number): number[] {
  if (count === 1) return [C];
  if (count === 2) return [C - w * 0.45, C + w * 0.45];
  return [C - w * 0.6, C, C + w * 0.6];
}
