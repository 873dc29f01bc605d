import { describe, expect, it } from 'vitest';
import { PARIS, plot, ROME } from '../../../test/land-fixtures.ts';
import { analyseLand } from './land-analysis.ts';
import { countryName, formatArea } from './plot-labels.ts';

describe('analyseLand', () => {
  it('counts plots, sums the cells’ area and the valuations, and groups countries most first', () => {
    const analysis = analyseLand([
      plot(ROME, { country: 'IT', price: 30 }),
      plot(PARIS[0]!),
      plot(PARIS[1]!),
      plot(PARIS[2]!, { country: null }),
    ]);
    expect(analysis.plots).toBe(4);
    // A cell of the grid is 0.4 km × 0.4 km: four of them are 0.64 km².
    expect(analysis.areaKm2).toBeCloseTo(0.64, 3);
    expect(analysis.valuation).toBe(105);
    expect(analysis.countries).toEqual([
      { code: 'FR', plots: 2 },
      { code: 'IT', plots: 1 },
      { code: null, plots: 1 },
    ]);
  });

  it('values a plot without a valid price at 25 (spec §9), and is all zeros without plots', () => {
    expect(analyseLand([plot(PARIS[0]!, { price: Number.NaN })]).valuation).toBe(25);
    expect(analyseLand([])).toEqual({ plots: 0, areaKm2: 0, valuation: 0, countries: [] });
  });
});

describe('plot labels', () => {
  it('names countries in English with their code, and the sea as international waters', () => {
    expect(countryName('FR')).toBe('France (FR)');
    expect(countryName(null)).toBe('International waters');
  });

  it('writes areas in km² with two decimals', () => {
    expect(formatArea(0.48)).toBe('0.48 km²');
    expect(formatArea(1234.5)).toBe('1,234.50 km²');
  });
});
