import type { Vec2 } from './model-types.ts';

/** Rounded to 4 decimals: the model is data a test compares, and nobody sees 0.1 mm. */
export const r4 = (n: number) => Math.round(n * 1e4) / 1e4;
export const round2 = (p: Vec2): Vec2 => [r4(p[0]), r4(p[1])];

/** Hull radius at z on a [radius, z] profile (linear between points; 0 outside). */
export function radiusAt(profile: readonly Vec2[], z: number): number {
  for (let i = 1; i < profile.length; i++) {
    const [r0, z0] = profile[i - 1]!;
    const [r1, z1] = profile[i]!;
    if ((z <= z0 && z >= z1) || (z >= z0 && z <= z1)) return z0 === z1 ? Math.max(r0, r1) : r0 + ((z - z0) / (z1 - z0)) * (r1 - r0);
  }
  return 0;
}

/** A smooth curve through the key points (uniform Catmull-Rom), `steps` samples per span. */
export function smoothThrough(keys: readonly Vec2[], steps: number): Vec2[] {
  const out: Vec2[] = [];
  const at = (i: number) => keys[Math.max(0, Math.min(keys.length - 1, i))]!;
  for (let i = 0; i < keys.length - 1; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    for (let s = 0; s < steps; s++) {
      const t = s / steps;
      const t2 = t * t;
      const t3 = t2 * t;
      const c = (k: 0 | 1) =>
        0.5 * (2 * p1[k] + (p2[k] - p0[k]) * t + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2 + (3 * p1[k] - p0[k] - 3 * p2[k] + p3[k]) * t3);
      out.push([c(0), c(1)]);
    }
  }
  out.push(keys[keys.length - 1]!);
  return out;
}

/** Points along a cubic Bézier from a to b, without a (so curves can be chained). */
export function cubic(a: Vec2, c1: Vec2, c2: Vec2, b: Vec2, steps: number): Vec2[] {
  const out: Vec2[] = [];
  for (let s = 1; s <= steps; s++) {
    const t = s / steps;
    const u = 1 - t;
    const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t] as const;
    out.push([w[0] * a[0] + w[1] * c1[0] + w[2] * c2[0] + w[3] * b[0], w[0] * a[1] + w[1] * c1[1] + w[2] * c2[1] + w[3] * b[1]]);
  }
  return out;
}

/** z on a polyline edge ([x, z] points ordered by x) at x. */
export function edgeZ(edge: readonly Vec2[], x: number): number {
  for (let i = 1; i < edge.length; i++) {
    const [x0, z0] = edge[i - 1]!;
    const [x1, z1] = edge[i]!;
    if (x <= x1 || i === edge.length - 1) return x1 === x0 ? z0 : z0 + ((x - x0) / (x1 - x0)) * (z1 - z0);
  }
  return edge[0]![1];
}
