/** Colours as WCAG measures them: sRGB channels 0–255 and an alpha 0–1. */
export type Rgba = { r: number; g: number; b: number; a: number };

/** #rgb, #rrggbb, #rrggbbaa, rgb(r g b / a%) and rgba(r, g, b, a); null for anything else. */
export function parseColour(text: string): Rgba | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(text.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    const [r, g, b, a = 255] = digits.match(/../g)!.map((pair) => parseInt(pair, 16));
    return { r: r!, g: g!, b: b!, a: a / 255 };
  }
  const fn = /^rgba?\(([^)]+)\)$/i.exec(text.trim());
  if (!fn) return null;
  const parts = fn[1]!.split(/[\s,/]+/).filter(Boolean);
  const [r, g, b] = parts.slice(0, 3).map(Number);
  const alpha = parts[3] === undefined ? 1 : parts[3].endsWith('%') ? parseFloat(parts[3]) / 100 : Number(parts[3]);
  return { r: r!, g: g!, b: b!, a: alpha };
}

/** The first colour written in a declaration's value ("2px solid #6ee7ff" → #6ee7ff). */
export function colourIn(value: string): Rgba | null {
  const match = /#[0-9a-f]{3,8}\b|rgba?\([^)]*\)/i.exec(value);
  return match ? parseColour(match[0]) : null;
}

/** A translucent colour as it looks painted over an opaque one. */
export function over(top: Rgba, below: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, below.r), g: mix(top.g, below.g), b: mix(top.b, below.b), a: 1 };
}

function luminance({ r, g, b }: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two opaque colours, 1 to 21. */
export function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
