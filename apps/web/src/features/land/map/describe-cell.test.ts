import { describe, expect, it } from 'vitest';
import { countryText, describeCell } from './describe-cell.ts';

describe('describeCell', () => {
  it('describes an owned cell from the server’s answer', () => {
    const owned = { id: 7, layer: 'others', owner: 'captain', collection_id: null, country: 'IT', valuation: 40 } as const;
    expect(describeCell(7, owned, { country: 'FR', plotValuation: 25 })).toEqual({ id: 7, status: 'others', country: 'IT', valuation: 40, owner: 'captain' });
  });

  it('describes a free cell by the offline country and the valuation a plot gets now', () => {
    expect(describeCell(8, undefined, { country: 'FR', plotValuation: 30 })).toEqual({ id: 8, status: 'free', country: 'FR', valuation: 30, owner: null });
  });

  it('falls back to the spec’s valuation of 25 before the answer came', () => {
    expect(describeCell(8, undefined, { country: null, plotValuation: undefined }).valuation).toBe(25);
  });
});

describe('countryText', () => {
  it('names the country with its code, and the sea as international waters', () => {
    expect(countryText('FR')).toBe('France (FR)');
    expect(countryText(null)).toBe('International waters');
  });
});
