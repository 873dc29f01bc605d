import type { ElementPalette } from './palette.ts';
import type { Rng } from './prng.ts';
import { CENTER as C, bothSides, glowFilter, mirrored, n, pts, type Point } from './svg.ts';

/**
 * AI ships: faceted dark plates, blades that float free of the hull, and glowing circuit
 * traces. Straight lines at 0° and 45° only, so the family reads as machine-made.
 */
export function aiShip(p: string, pal: ElementPalette, rng: Rng): string {
  const top = rng.range(86, 116);
  const bottom = rng.range(362, 392);
  const len = bottom - top;
  const w = rng.range(30, 46);
  // Some hulls end in a split, two-pronged nose instead of a single point.
  const fork = rng.chance(0.4) ? rng.range(22, 44) : 0;
  const hull = mirrored([
    ...(fork ? ([[C, top + fork], [C + w * 0.25, top]] as Point[]) : ([[C, top]] as Point[])),
    [C + w * rng.range(0.45, 0.7), top + len * rng.range(0.14, 0.22)],
    [C + w, top + len * rng.range(0.4, 0.5)],
    [C + w * rng.range(0.7, 0.9), bottom - len * 0.1],
    [C + w * 0.35, bottom],
  ]);
  const plate = mirrored([[C, top + len * 0.3], [C + w * 0.5, top + len * 0.45], [C + w * 0.4, bottom - len * 0.2], [C, bottom - len * 0.12]]);

  // Blades float beside the hull, tied to it by dashed energy links.
  const gap = rng.range(8, 18);
  const y0 = top + len * rng.range(0.32, 0.45);
  const chord = len * rng.range(0.28, 0.4);
  const span = rng.range(120, 150);
  const sweep = rng.range(20, 120);
  const bx = C + w + gap;
  const tip: Point = [C + span, y0 + sweep];
  // Blade outline: a plain triangle, a trapezoid with a cut tip, or a notched chevron.
  const tipChord = rng.range(14, 30);
  const blade = rng.pick([
    [[bx, y0], tip, [bx, y0 + chord]],
    [[bx, y0], tip, [tip[0], tip[1] + tipChord], [bx, y0 + chord]],
    [[bx, y0], tip, [bx + (tip[0] - bx) * 0.45, y0 + chord * 0.6 + sweep * 0.3], [bx, y0 + chord]],
  ] as Point[][]);
  const second = rng.chance(0.55)
    ? `<polygon points="${pts([[bx + 6, y0 + chord + 10], [C + span * 0.72, y0 + chord + 10 + sweep * 0.5], [bx + 6, y0 + chord + 44]])}" fill="${pal.hull}" stroke="${pal.accent}" stroke-width="2"/>`
    : '';
  const edge = (t: number): Point => [bx + 8 + (tip[0] - bx - 16) * t, y0 + 10 + (tip[1] - y0 - 6) * t];
  const bladeTrace = trace([edge(0), edge(0.55), [edge(0.55)[0] + 14, edge(0.55)[1] + 14]], pal.accent);
  const links = `<path d="M${n(C + w * 0.9)} ${n(y0 + 14)}H${n(bx)}M${n(C + w * 0.9)} ${n(y0 + chord - 14)}H${n(bx)}" stroke="${pal.accent2}" stroke-width="2.5" stroke-dasharray="4 4"/>`;

  // Hull circuitry: a spine with branches that turn 45° and end in a node.
  const branches = Array.from({ length: rng.int(2, 4) }, (_, i) => {
    const y = top + len * (0.42 + i * 0.11) + rng.range(-8, 8);
    const dx = w * rng.range(0.2, 0.42);
    return rng.chance(0.5)
      ? trace([[C, y], [C + dx, y], [C + dx + 10, y + 10]], pal.accent2)
      : trace([[C, y], [C + 10, y + 10], [C + 10 + dx * 0.7, y + 10]], pal.accent2);
  }).join('');

  const engines = rng.int(1, 3);
  const thrusters = Array.from({ length: engines }, (_, i) => {
    const x = C + (i - (engines - 1) / 2) * w * 0.55;
    const r = engines === 1 ? 13 : 9;
    const hex = Array.from({ length: 6 }, (_, k) => [x + r * Math.cos((k * Math.PI) / 3), bottom - 2 + r * Math.sin((k * Math.PI) / 3)] as Point);
    const flame = rng.range(40, 64);
    return `<polygon points="${pts([[x - r * 0.6, bottom + 4], [x, bottom + flame], [x + r * 0.6, bottom + 4]])}" fill="${pal.flame}" opacity=".85" filter="url(#${p}neon)"/>` +
      `<polygon points="${pts(hex)}" fill="${pal.hullDark}" stroke="${pal.accent}" stroke-width="2.5"/>`;
  }).join('');

  const eyeY = top + len * rng.range(0.22, 0.3);
  const eyeR = w * 0.42;
  return (
    `<defs>${glowFilter(`${p}neon`, 3)}<linearGradient id="${p}plate" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${pal.hullLight}"/><stop offset="1" stop-color="${pal.hull}"/></linearGradient></defs>` +
    thrusters +
    bothSides(
      `<polygon points="${pts(blade)}" fill="url(#${p}plate)" stroke="${pal.accent}" stroke-width="2.5" stroke-linejoin="round"/>${second}<g filter="url(#${p}neon)">${links}${bladeTrace}</g>`,
    ) +
    `<polygon points="${pts(hull)}" fill="url(#${p}plate)" stroke="${pal.accent}" stroke-width="3" stroke-linejoin="round"/>` +
    `<polygon points="${pts(plate)}" fill="${pal.hullDark}" stroke="${pal.accent}" stroke-width="1.5" opacity=".9"/>` +
    `<g filter="url(#${p}neon)"><line x1="${C}" x2="${C}" y1="${n(eyeY + eyeR)}" y2="${n(bottom - 14)}" stroke="${pal.accent2}" stroke-width="3"/>${bothSides(branches)}</g>` +
    `<circle cx="${C}" cy="${n(eyeY)}" r="${n(eyeR)}" fill="${pal.hullDark}" stroke="${pal.accent}" stroke-width="3.5"/>` +
    `<circle cx="${C}" cy="${n(eyeY)}" r="${n(eyeR * 0.45)}" fill="${pal.accent2}" filter="url(#${p}neon)"/>`
  );
}

/** A circuit trace: a polyline with a filled node at its end. */
function trace(points: Point[], colour: string): string {
  const [ex, ey] = points[points.length - 1]!;
  return `<polyline points="${pts(points)}" fill="none" stroke="${colour}" stroke-width="2.5"/><circle cx="${n(ex)}" cy="${n(ey)}" r="4" fill="${colour}"/>`;
}
