import type { ElementId, ElementPalette, RarityId, RarityStyle } from './palette.ts';
import type { Rng } from './prng.ts';
import { CENTER, SIZE, glowFilter, n, pts, starPoints } from './svg.ts';

/**
 * Everything around the ship. Rarity must read at 150 px, so it is carried by three things
 * at once: the frame colour, its glow and aura, and a count mark in the corner
 * (1 to 4 pips, a star for Legendary), which also works for colour-blind players.
 */
export function shipBackground(p: string, pal: ElementPalette, rarity: RarityStyle, rng: Rng): string {
  const stars = Array.from({ length: 46 }, () => {
    const r = rng.chance(0.12) ? rng.range(1.4, 2.2) : rng.range(0.5, 1.2);
    return `<circle cx="${n(rng.range(24, 488))}" cy="${n(rng.range(24, 488))}" r="${n(r)}" opacity="${n(rng.range(0.35, 0.95))}"/>`;
  }).join('');
  const aura = rarity.aura
    ? `<circle cx="${CENTER}" cy="${CENTER}" r="220" fill="url(#${p}aura)"/>`
    : '';
  return (
    `<defs><radialGradient id="${p}space" cx="50%" cy="45%" r="75%"><stop offset="0" stop-color="${pal.space[0]}"/><stop offset="1" stop-color="${pal.space[1]}"/></radialGradient>` +
    `<radialGradient id="${p}aura"><stop offset="0" stop-color="${rarity.frame}" stop-opacity="${rarity.aura}"/><stop offset="1" stop-color="${rarity.frame}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#${p}space)"/>` +
    `<g fill="#ffffff">${stars}</g>${aura}`
  );
}

export function shipFrame(p: string, rarityId: RarityId, rarity: RarityStyle, element: ElementId, pal: ElementPalette): string {
  const inset = 10 + rarity.width / 2;
  const box = `x="${inset}" y="${inset}" width="${SIZE - 2 * inset}" height="${SIZE - 2 * inset}" rx="30"`;
  const legendary = rarityId === 3;
  const stroke = legendary ? `url(#${p}gold)` : rarity.frame;
  const defs =
    (rarity.glow ? glowFilter(`${p}glow`, rarity.glow) : '') +
    (legendary
      ? `<linearGradient id="${p}gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${rarity.frameLight}"/><stop offset=".5" stop-color="${rarity.frame}"/><stop offset="1" stop-color="${rarity.frameLight}"/></linearGradient>`
      : '');
  const filter = rarity.glow ? ` filter="url(#${p}glow)"` : '';
  // A second, thin inner line makes higher rarities look "set" in a mount, Common stays plain.
  const inner = rarityId > 0
    ? `<rect x="${inset + rarity.width + 4}" y="${inset + rarity.width + 4}" width="${SIZE - 2 * (inset + rarity.width + 4)}" height="${SIZE - 2 * (inset + rarity.width + 4)}" rx="22" fill="none" stroke="${rarity.frameLight}" stroke-width="1.5" opacity=".55"/>`
    : '';
  const corners = legendary ? cornerGems(rarity) : '';
  return (
    `<defs>${defs}</defs>` +
    `<rect ${box} fill="none" stroke="${stroke}" stroke-width="${rarity.width}"${filter}/>` +
    inner + corners + rarityMark(rarityId, rarity, filter) + elementBadge(element, pal)
  );
}

/** Top right: pips for Common..Epic, a star for Legendary. */
function rarityMark(rarityId: RarityId, rarity: RarityStyle, filter: string): string {
  if (rarityId === 3) {
    return `<polygon points="${pts(starPoints(448, 64, 30))}" fill="${rarity.frame}" stroke="${rarity.frameLight}" stroke-width="3" stroke-linejoin="round"${filter}/>`;
  }
  return Array.from({ length: rarityId + 1 }, (_, i) => {
    const x = 456 - i * 26;
    return `<polygon points="${pts([[x, 50], [x + 10, 62], [x, 74], [x - 10, 62]])}" fill="${rarity.frame}" stroke="${rarity.frameLight}" stroke-width="1.5"/>`;
  }).join('');
}

function cornerGems(rarity: RarityStyle): string {
  const at = (x: number, y: number) =>
    `<polygon points="${pts([[x, y - 11], [x + 11, y], [x, y + 11], [x - 11, y]])}" fill="${rarity.frameLight}" stroke="${rarity.frame}" stroke-width="2"/>`;
  return at(22, 22) + at(490, 22) + at(22, 490) + at(490, 490);
}

/** Top left: the element's emblem on a small plate. */
function elementBadge(element: ElementId, pal: ElementPalette): string {
  const plate = `<circle cx="62" cy="62" r="28" fill="${pal.space[1]}" fill-opacity=".75" stroke="${pal.accent}" stroke-width="3"/>`;
  if (element === 0) {
    // Human: military chevrons.
    const chevron = (y: number) => `<polyline points="${pts([[46, y + 8], [62, y - 4], [78, y + 8]])}"/>`;
    return plate + `<g fill="none" stroke="${pal.hullLight}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round">${chevron(50)}${chevron(62)}${chevron(74)}</g>`;
  }
  if (element === 1) {
    // AI: a chip with pins.
    const pins = [50, 62, 74].map((v) => `<path d="M${v} 40v6M${v} 78v6M40 ${v}h6M78 ${v}h6"/>`).join('');
    return plate + `<g stroke="${pal.accent}" stroke-width="3" fill="none">${pins}<rect x="46" y="46" width="32" height="32" rx="4"/></g><circle cx="62" cy="62" r="6" fill="${pal.accent2}"/>`;
  }
  // Alien: a slit-pupil eye.
  return plate + `<path d="M38 62Q62 38 86 62Q62 86 38 62Z" fill="${pal.hull}" stroke="${pal.accent}" stroke-width="2.5"/><ellipse cx="62" cy="62" rx="4" ry="11" fill="${pal.accent2}"/>`;
}
