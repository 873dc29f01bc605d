import type { ElementPalette } from './palette.ts';
import type { Rng } from './prng.ts';
import { CENTER as C, bothSides, glowFilter, mirroredCurve, n } from './svg.ts';

/**
 * Alien ships: one soft body of curves (head bulb, waist, rear bulge), crescent claw wings,
 * trailing tendrils and bio-luminescent spots. No straight edges, unlike the other two families.
 */
export function alienShip(p: string, pal: ElementPalette, rng: Rng): string {
  const top = rng.range(86, 118);
  const bottom = rng.range(360, 392);
  const len = bottom - top;
  const w = rng.range(30, 48);
  const headY = top + len * rng.range(0.24, 0.32);
  const waistY = top + len * rng.range(0.42, 0.5);
  const rearY = top + len * rng.range(0.64, 0.72);
  const waist = w * rng.range(0.45, 0.7);
  const body = mirroredCurve(
    [C, top],
    [
      [[C + w * 0.55, top], [C + w * 0.95, top + len * 0.1], [C + w * 0.8, headY]],
      [[C + w * 0.7, headY + 20], [C + waist, waistY - 10], [C + waist, waistY]],
      [[C + waist, waistY + 16], [C + w * 1.1, rearY - 30], [C + w * 1.05, rearY]],
      [[C + w, rearY + 40], [C + w * 0.45, bottom], [C, bottom]],
    ],
  );

  // Crescent wing: outer edge bulges forward, the tip curls back (or forward) like a claw.
  const ry = waistY - rng.range(0, 30);
  const span = rng.range(118, 148);
  const tipY = ry + rng.range(-40, 110);
  const chord = len * rng.range(0.22, 0.32);
  const bulge = rng.range(30, 80);
  const rootX = C + waist * 0.8;
  const wing =
    `M${n(rootX)} ${n(ry)}C${n(C + span * 0.45)} ${n(ry - bulge)} ${n(C + span * 0.95)} ${n(tipY - 50)} ${n(C + span)} ${n(tipY)}` +
    `C${n(C + span * 0.7)} ${n(tipY - 20)} ${n(C + span * 0.5)} ${n(ry + chord)} ${n(rootX)} ${n(ry + chord)}Z`;
  const vein = `M${n(rootX + 4)} ${n(ry + chord * 0.45)}Q${n(C + span * 0.6)} ${n(ry - bulge * 0.2)} ${n(C + span - 8)} ${n(tipY - 10)}`;
  const tendrils = rng.chance(0.65)
    ? `<path d="M${n(C + w * 0.7)} ${n(rearY + 10)}q${n(rng.range(20, 50))} ${n(rng.range(30, 60))} ${n(rng.range(-10, 30))} ${n(rng.range(70, 100))}" fill="none" stroke="${pal.hull}" stroke-width="7" stroke-linecap="round"/>`
    : '';
  const spots = Array.from({ length: rng.int(2, 4) }, () => {
    const t = rng.next();
    return `<circle cx="${n(C + span * (0.35 + 0.4 * t))}" cy="${n(ry + chord * 0.25 + (tipY - ry) * t * 0.6)}" r="${n(rng.range(3, 7))}"/>`;
  }).join('');

  const pods = rng.int(1, 2);
  const podMarks = Array.from({ length: pods }, (_, i) => {
    const x = pods === 1 ? C : C + (i === 0 ? -1 : 1) * w * 0.45;
    const r = pods === 1 ? 16 : 12;
    return `<ellipse cx="${n(x)}" cy="${n(bottom + 12)}" rx="${n(r * 1.1)}" ry="${n(r * 2.4)}" fill="url(#${p}pod)" filter="url(#${p}bio)"/>`;
  }).join('');

  const eyeY = top + len * rng.range(0.13, 0.18);
  const eyeRx = w * 0.36;
  const ridges = [0.5, 0.6, 0.7].map((t) => `<path d="M${n(C - w * 0.5)} ${n(top + len * t)}Q${C} ${n(top + len * t + 14)} ${n(C + w * 0.5)} ${n(top + len * t)}"/>`).join('');
  return (
    `<defs>${glowFilter(`${p}bio`, 4)}` +
    `<radialGradient id="${p}flesh" cx="50%" cy="35%" r="65%"><stop offset="0" stop-color="${pal.hullLight}"/><stop offset=".6" stop-color="${pal.hull}"/><stop offset="1" stop-color="${pal.hullDark}"/></radialGradient>` +
    `<radialGradient id="${p}pod"><stop offset="0" stop-color="#ffffff"/><stop offset=".35" stop-color="${pal.flame}"/><stop offset="1" stop-color="${pal.flame}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="${p}eye"><stop offset="0" stop-color="#f7fee7"/><stop offset=".6" stop-color="${pal.accent2}"/><stop offset="1" stop-color="#3f6212"/></radialGradient></defs>` +
    podMarks +
    bothSides(
      tendrils +
        `<path d="${wing}" fill="url(#${p}flesh)" stroke="${pal.hullDark}" stroke-width="2.5"/>` +
        `<path d="${vein}" fill="none" stroke="${pal.accent}" stroke-width="2" opacity=".7"/>` +
        `<g fill="${pal.accent2}" filter="url(#${p}bio)">${spots}</g>`,
    ) +
    `<path d="${body}" fill="url(#${p}flesh)" stroke="${pal.hullDark}" stroke-width="2.5"/>` +
    `<g fill="none" stroke="${pal.hullDark}" stroke-width="2" opacity=".55">${ridges}</g>` +
    `<ellipse cx="${C}" cy="${n(eyeY)}" rx="${n(eyeRx)}" ry="${n(eyeRx * 1.35)}" fill="url(#${p}eye)" stroke="${pal.hullDark}" stroke-width="2.5" filter="url(#${p}bio)"/>` +
    `<ellipse cx="${C}" cy="${n(eyeY)}" rx="${n(eyeRx * 0.16)}" ry="${n(eyeRx * 0.95)}" fill="#1a0b2a"/>`
  );
}
