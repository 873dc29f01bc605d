import { cellAreaKm2, cellById, DEFAULT_PLOT_VALUATION, type LandPlot } from '@starport/schemas';

export type CountryShare = { code: string | null; plots: number };

/** The land-analysis panel of a collection's detail (owned-assets.md §2.5), counted from its plots. */
export type LandAnalysis = {
  plots: number;
  /** the plots' cells on the sphere, km² */
  areaKm2: number;
  /** the sum of the plots' valuations, USD */
  valuation: number;
  /** most plots first; `code` null for plots in international waters */
  countries: CountryShare[];
};

/** A plot's country: the first of its areas (the spec's `areas[0].country`). */
export const countryOf = (plot: LandPlot): string | null => plot.areas[0]?.country ?? null;

/** Spec §9: a plot without a price is valued at 25. */
export const valuationOf = (plot: LandPlot): number =>
  Number.isFinite(plot.price) ? plot.price : DEFAULT_PLOT_VALUATION;

/** By code, international waters last. */
const rankOfCode = (a: string | null, b: string | null): number =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a.localeCompare(b);

export function analyseLand(plots: readonly LandPlot[]): LandAnalysis {
  let areaKm2 = 0;
  let valuation = 0;
  const byCountry = new Map<string | null, number>();
  for (const plot of plots) {
    // The grid is the server's and ours alike (land-grid.ts): the area follows from the cell id.
    const cell = cellById(plot.cell_id);
    if (cell) areaKm2 += cellAreaKm2(cell);
    valuation += valuationOf(plot);
    const country = countryOf(plot);
    byCountry.set(country, (byCountry.get(country) ?? 0) + 1);
  }
  const countries = [...byCountry]
    .map(([code, count]) => ({ code, plots: count }))
    .sort((a, b) => b.plots - a.plots || rankOfCode(a.code, b.code));
  return { plots: plots.length, areaKm2, valuation, countries };
}
