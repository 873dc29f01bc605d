import { mixSeed, mulberry32 } from './prng.ts';
import { SIZE, glowFilter, n, pts, shade, starPoints, svgDocument } from './svg.ts';

export type PenguinRarityId = 0 | 1 | 2 | 3;

/** Rarity sets the frame, glow and background; the seed picks the penguin's colours and gear. */
export const PENGUIN_STYLES: Record<PenguinRarityId, { name: string; frame: string; sky: readonly [string, string]; glow: number }> = {
  0: { name: 'Common', frame: '#8b95a5', sky: ['#1d3b57', '#081421'], glow: 0 },
  1: { name: 'Rare', frame: '#3b8cff', sky: ['#123a7a', '#050f24'], glow: 6 },
  2: { name: 'Legendary', frame: '#f5b82e', sky: ['#5a3b08', '#1a0f02'], glow: 12 },
  3: { name: '1 of 1', frame: '#ff5fd2', sky: ['#4a0f5c', '#12031a'], glow: 16 },
};

const SCARVES = ['#e53e3e', '#38a169', '#3182ce', '#d69e2e', '#805ad5', '#dd6b20'] as const;
const BODIES = ['#1a202c', '#22304a', '#2d2a3e', '#1f3a3a'] as const;

/**
 * A penguin standing in space: body, belly, eyes, beak and feet, with a scarf always and a
 * crown from Legendary up. Deterministic in (rarity, seed) like the ships.
 */
export function renderPenguin(rarity: PenguinRarityId, seed: number): string {
  const style = PENGUIN_STYLES[rarity];
  const rng = mulberry32(mixSeed(7, rarity, seed));
  const body = rng.pick(BODIES);
  const scarf = rng.pick(SCARVES);
  const eye = 13 + rng.next() * 7;
  const tilt = (rng.next() - 0.5) * 10;
  const stars = Array.from({ length: 18 }, () => `<circle cx="${n(rng.next() * SIZE)}" cy="${n(rng.next() * SIZE)}" r="${n(0.8 + rng.next() * 1.8)}" fill="#fff" opacity="${n(0.3 + rng.next() * 0.6)}"/>`).join('');
  const frameWidth = 6 + rarity * 3;
  const crown =
    rarity >= 2
      ? `<polygon points="${pts([[206, 118], [216, 70], [236, 100], [256, 58], [276, 100], [296, 70], [306, 118]])}" fill="${style.frame}" stroke="${shade(style.frame, -0.4)}" stroke-width="3"/>`
      : '';
  const badge = rarity === 3 ? `<polygon points="${pts(starPoints(392, 140, 26))}" fill="${style.frame}"/>` : '';
  return svgDocument(
    `${style.name} penguin`,
    `<defs>${glowFilter('pgglow', Math.max(1, style.glow))}<radialGradient id="pgsky" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${style.sky[0]}"/><stop offset="1" stop-color="${style.sky[1]}"/></radialGradient></defs>` +
      `<rect width="${SIZE}" height="${SIZE}" fill="url(#pgsky)"/>${stars}` +
      `<g transform="rotate(${n(tilt)} 256 300)">` +
      `<ellipse cx="210" cy="440" rx="34" ry="14" fill="#f6ad55"/><ellipse cx="302" cy="440" rx="34" ry="14" fill="#f6ad55"/>` +
      `<ellipse cx="256" cy="300" rx="130" ry="150" fill="${body}"${style.glow ? ' filter="url(#pgglow)"' : ''}/>` +
      `<ellipse cx="138" cy="310" rx="26" ry="80" fill="${shade(body, -0.2)}" transform="rotate(18 138 310)"/>` +
      `<ellipse cx="374" cy="310" rx="26" ry="80" fill="${shade(body, -0.2)}" transform="rotate(-18 374 310)"/>` +
      `<ellipse cx="256" cy="330" rx="90" ry="115" fill="#f7fafc"/>` +
      `<ellipse cx="256" cy="205" rx="95" ry="70" fill="${body}"/>` +
      `<ellipse cx="222" cy="205" rx="${n(eye + 8)}" ry="${n(eye + 10)}" fill="#fff"/><ellipse cx="290" cy="205" rx="${n(eye + 8)}" ry="${n(eye + 10)}" fill="#fff"/>` +
      `<circle cx="226" cy="210" r="${n(eye * 0.6)}" fill="#111"/><circle cx="286" cy="210" r="${n(eye * 0.6)}" fill="#111"/>` +
      `<polygon points="${pts([[236, 238], [276, 238], [256, 266]])}" fill="#f6ad55"/>` +
      `<path d="M150 262Q256 300 362 262L366 290Q256 330 146 290Z" fill="${scarf}"/>` +
      `<rect x="312" y="280" width="26" height="60" rx="8" fill="${scarf}" transform="rotate(-12 325 280)"/>` +
      crown +
      `</g>${badge}` +
      `<rect x="${n(frameWidth / 2)}" y="${n(frameWidth / 2)}" width="${n(SIZE - frameWidth)}" height="${n(SIZE - frameWidth)}" rx="24" fill="none" stroke="${style.frame}" stroke-width="${frameWidth}"/>`,
  );
}
