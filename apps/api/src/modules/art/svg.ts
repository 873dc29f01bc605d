/** Shared SVG building blocks. Output is plain strings: no DOM, nothing to download. */

export const SIZE = 512;
export const CENTER = SIZE / 2;

/** One decimal is plenty at 512 px and keeps the markup short and byte-for-byte stable. */
export const n = (v: number) => (Math.round(v * 10) / 10).toString();

export type Point = readonly [number, number];

export const pts = (points: readonly Point[]) => points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');

/** Right-half outline → the whole symmetric outline (ships are drawn nose up, mirrored on x = 256). */
export function mirrored(rightHalf: readonly Point[]): Point[] {
  const left = [...rightHalf].reverse().map(([x, y]) => [2 * CENTER - x, y] as const);
  return [...rightHalf, ...left];
}

export const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * A standalone document. `title` is for screen readers when the SVG is inlined; fonts are the
 * generic family so nothing is fetched and any installed sans-serif works.
 */
export function svgDocument(title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" font-family="sans-serif">` +
    `<title>${escapeXml(title)}</title>${body}</svg>`
  );
}

/** A blur-and-merge glow; `strength` is the blur radius in px. */
export const glowFilter = (id: string, strength: number) =>
  `<filter id="${id}" x="-30%" y="-30%" width="160%" height="160%">` +
  `<feGaussianBlur stdDeviation="${n(strength)}" result="b"/>` +
  `<feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;

/** A five-pointed star centred on (cx, cy). */
export function starPoints(cx: number, cy: number, outer: number, inner = outer * 0.45): Point[] {
  return Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as const;
  });
}

/** Draws right-side parts twice: as given and mirrored on x = 256. */
export const bothSides = (markup: string) => `${markup}<g transform="matrix(-1 0 0 1 ${SIZE} 0)">${markup}</g>`;

/** A cubic segment: two control points and the end point. */
export type Cubic = readonly [Point, Point, Point];

/**
 * A closed, symmetric path from its right half: `start` and the last end point lie on the axis.
 * The left half is the right half reversed and mirrored, so curves meet smoothly at the axis.
 */
export function mirroredCurve(start: Point, right: readonly Cubic[]): string {
  const m = ([x, y]: Point): Point => [2 * CENTER - x, y];
  const p = ([x, y]: Point) => `${n(x)} ${n(y)}`;
  let d = `M${p(start)}`;
  for (const [c1, c2, end] of right) d += `C${p(c1)} ${p(c2)} ${p(end)}`;
  const starts = [start, ...right.map((s) => s[2])];
  for (let i = right.length - 1; i >= 0; i--) {
    const [c1, c2] = right[i]!;
    d += `C${p(m(c2))} ${p(m(c1))} ${p(m(starts[i]!))}`;
  }
  return `${d}Z`;
}

/** Mixes a #rrggbb colour towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const t = Math.abs(amount);
  const channel = (i: number) => {
    const v = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
    return Math.round(v + (target - v) * t).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}
