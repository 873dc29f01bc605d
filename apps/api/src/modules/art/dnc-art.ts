import { SIZE, escapeXml, glowFilter, n, pts, svgDocument, type Point } from './svg.ts';

const GOLD = '#f2b51f';
const GOLD_DARK = '#a66f05';
const CRYSTAL = '#3ee0d0';

/** 1234567 → "1,234,567" without Intl, so the text cannot differ between machines. */
export const groupThousands = (amount: number) => String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * A DNC pack: a teal crystal over stacks of coins. Bigger packs get more and taller stacks
 * (one stack per order of magnitude past 100), and the amount is written under them.
 */
export function renderDnc(amount: number): string {
  const digits = String(amount).length;
  const stacks = Math.min(5, Math.max(1, digits - 2));
  const height = Math.min(9, 2 + digits);
  const coins = Array.from({ length: stacks }, (_, i) => {
    // Outer stacks stand lower (nearer the viewer) and shorter, so the group reads as a pile.
    const offset = i - (stacks - 1) / 2;
    return { x: 256 + offset * (stacks > 3 ? 74 : 96), y: 356 + Math.abs(offset) * 14, h: height - Math.round(Math.abs(offset) * 2) };
  })
    .sort((a, b) => a.y - b.y)
    .map(({ x, y, h }) => coinStack(x, y, Math.max(2, h)))
    .join('');
  const text = groupThousands(amount);
  const fontSize = Math.min(64, 460 / (text.length * 0.62));
  return svgDocument(
    `${text} DNC`,
    `<defs>${glowFilter('dncglow', 12)}<radialGradient id="dncbg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#0f4a5a"/><stop offset="1" stop-color="#041419"/></radialGradient>` +
      `<linearGradient id="dnccoin" x1="0" x2="1"><stop offset="0" stop-color="${GOLD_DARK}"/><stop offset=".45" stop-color="#ffe08a"/><stop offset="1" stop-color="${GOLD_DARK}"/></linearGradient></defs>` +
      `<rect width="${SIZE}" height="${SIZE}" fill="url(#dncbg)"/>` +
      crystal(256, 190) +
      coins +
      `<text x="256" y="446" font-size="${n(fontSize)}" font-weight="800" text-anchor="middle" fill="#ffffff">${escapeXml(text)}</text>` +
      `<text x="256" y="490" font-size="30" font-weight="700" text-anchor="middle" letter-spacing="8" fill="${CRYSTAL}">DNC</text>`,
  );
}

/** A stack of `count` coins whose bottom coin is centred on (cx, bottom). */
function coinStack(cx: number, bottom: number, count: number): string {
  const rx = 50;
  const ry = 17;
  const t = 11;
  return Array.from({ length: count }, (_, i) => {
    const y = bottom - i * t;
    return (
      `<path d="M${n(cx - rx)} ${n(y - t)}V${n(y)}A${rx} ${ry} 0 0 0 ${n(cx + rx)} ${n(y)}V${n(y - t)}Z" fill="url(#dnccoin)" stroke="${GOLD_DARK}" stroke-width="1.5"/>` +
      `<ellipse cx="${n(cx)}" cy="${n(y - t)}" rx="${rx}" ry="${ry}" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1.5"/>`
    );
  }).join('') + `<ellipse cx="${n(cx)}" cy="${n(bottom - count * t)}" rx="${rx - 12}" ry="${ry - 5}" fill="none" stroke="${GOLD_DARK}" stroke-width="2"/>`;
}

/** A faceted crystal: an elongated octahedron seen slightly from the front. */
function crystal(cx: number, cy: number): string {
  const top: Point = [cx, cy - 140];
  const bottom: Point = [cx, cy + 120];
  const l: Point = [cx - 86, cy - 20];
  const r: Point = [cx + 86, cy - 20];
  const m: Point = [cx + 12, cy];
  const facet = (a: Point, b: Point, c: Point, fill: string) => `<polygon points="${pts([a, b, c])}" fill="${fill}"/>`;
  return (
    `<polygon points="${pts([top, r, bottom, l])}" fill="${CRYSTAL}" opacity=".8" filter="url(#dncglow)"/>` +
    facet(top, l, m, '#a7fff4') + facet(top, m, r, '#35c9bb') + facet(l, bottom, m, '#1fa398') + facet(m, bottom, r, '#0d6f6a') +
    `<polygon points="${pts([top, r, bottom, l])}" fill="none" stroke="#e6fffb" stroke-width="2" stroke-linejoin="round"/>`
  );
}
