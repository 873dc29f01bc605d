import { describe, expect, it } from 'vitest';
import { bboxParam, cellsQueryBox, viewBox } from './map-view.ts';

describe('viewBox', () => {
  it('keeps a view inside one world as it is', () => {
    expect(viewBox([2.1, 48.7, 2.5, 48.9])).toEqual([2.1, 48.7, 2.5, 48.9]);
  });

  it('moves a view of a world copy back into -180..180', () => {
    const [west, south, east, north] = viewBox([362.1, 48.7, 362.5, 48.9]);
    expect(west).toBeCloseTo(2.1, 9);
    expect(east).toBeCloseTo(2.5, 9);
    expect([south, north]).toEqual([48.7, 48.9]);
  });

  it('cuts a view across the antimeridian at ±180 and the poles at ±85', () => {
    expect(viewBox([179.5, 84.5, 180.5, 86])).toEqual([179.5, 84.5, 180, 85]);
    expect(viewBox([-180.5, -86, -179.5, -84.5])).toEqual([-180, -85, -179.5, -84.5]);
  });
});

describe('cellsQueryBox', () => {
  it('widens a view to quarter degrees, so small pans ask for the same box', () => {
    expect(cellsQueryBox([2.11, 48.71, 2.52, 48.93])).toEqual([2, 48.5, 2.75, 49]);
    expect(cellsQueryBox([2.13, 48.74, 2.55, 48.96])).toEqual([2, 48.5, 2.75, 49]);
  });

  it('asks for the view itself when widening would pass the server’s 2°', () => {
    expect(cellsQueryBox([0.1, 10.1, 2.05, 11])).toEqual([0.1, 10.1, 2.05, 11]);
  });

  it('asks for nothing when the view is larger than 2°', () => {
    expect(cellsQueryBox([0, 10, 2.5, 11])).toBeNull();
    expect(cellsQueryBox([0, 10, 1, 12.01])).toBeNull();
  });

  it('never asks past the Earth’s edges', () => {
    expect(cellsQueryBox([179.6, -1, 180.4, -0.6])).toEqual([179.5, -1, 180, -0.5]);
  });
});

describe('bboxParam', () => {
  it('writes west,south,east,north to six decimals', () => {
    expect(bboxParam([2, 48.5, 2.75, 49])).toBe('2,48.5,2.75,49');
    expect(bboxParam([0.1 + 0.2, 1 / 3, 1, 2])).toBe('0.3,0.333333,1,2');
  });
});
