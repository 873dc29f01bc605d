import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './page-window.ts';

describe('pagination window (spec §9)', () => {
  it('counts pages by rounding up', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(1_000_000, 20)).toBe(50_000);
  });

  it('shows 8 pages on either side of the current page', () => {
    expect(pageWindow(50, 100)).toEqual([42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
  });

  it('clips the window at the first and the last page', () => {
    expect(pageWindow(1, 100)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageWindow(100, 100)).toEqual([92, 93, 94, 95, 96, 97, 98, 99, 100]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });

  it('clamps a page outside the range', () => {
    expect(pageWindow(0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(999, 12)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(pageWindow(Number.NaN, 1)).toEqual([1]);
  });
});
