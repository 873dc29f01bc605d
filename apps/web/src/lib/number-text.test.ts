import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatDecimal, formatUtcDay } from './number-text.ts';

const intl = (min: number, max: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });

// The option pairs the app uses: counts, whole dollars, cents, prices to 3 decimals, percentages.
const OPTIONS: Array<[number, number]> = [
  [0, 3],
  [0, 0],
  [2, 2],
  [3, 3],
  [0, 2],
];

describe('formatDecimal writes what Intl.NumberFormat en-US writes', () => {
  it.each(OPTIONS)('min %i, max %i: chosen values', (min, max) => {
    const values = [
      0, -0, 1, -1, 0.5, 1.5, 2.5, -2.5, 0.125, 1.005, 2.675, 1.0049999, 999.9995, 999999.5, 1234567.891, 0.0001,
      5e-7, 1e-7, 1e21, 1.2345e22, 123456789012345680000, Number.MAX_SAFE_INTEGER, 0.1 + 0.2, 249.99, 1250, NaN,
      Infinity, -Infinity, Number.MIN_VALUE, Number.MAX_VALUE,
    ];
    for (const value of values) expect(formatDecimal(value, min, max), String(value)).toBe(intl(min, max).format(value));
  });

  it.each(OPTIONS)('min %i, max %i: any double', (min, max) => {
    const format = intl(min, max);
    fc.assert(
      fc.property(fc.double(), (value) => formatDecimal(value, min, max) === format.format(value)),
      { numRuns: 3000 },
    );
  });

  it.each(OPTIONS)('min %i, max %i: prices and counts (cents, thousandths, integers)', (min, max) => {
    const format = intl(min, max);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 4 }), (n, scale) => {
        const value = n / 10 ** scale;
        return formatDecimal(value, min, max) === format.format(value);
      }),
      { numRuns: 3000 },
    );
  });

  it('formatCount is the default en-US formatter', () => {
    expect(formatCount(1234567.8915)).toBe(new Intl.NumberFormat('en-US').format(1234567.8915));
  });
});

describe('formatUtcDay', () => {
  const intlDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  it('writes the day as Intl does, in UTC', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (date) =>
        formatUtcDay(date) === intlDay.format(date),
      ),
      { numRuns: 2000 },
    );
  });
  it('throws on an invalid date, as Intl does', () => {
    expect(() => formatUtcDay(new Date('nope'))).toThrow(RangeError);
    expect(() => intlDay.format(new Date('nope'))).toThrow(RangeError);
  });
});
