import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellAreaKm2, cellAt, cellById, cellOf, cellsInBbox, columnsInRow, GRID_ROWS, ROW_DEGREES, type GridCell } from './land-grid.ts';

const point = fc.record({
  lng: fc.double({ min: -180, max: 180, noNaN: true, maxExcluded: true }),
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
});
/** Where people live and play: the rows of the poles are narrow slivers by design. */
const inhabited = fc.record({
  lng: fc.double({ min: -180, max: 179.9, noNaN: true }),
  lat: fc.double({ min: -80, max: 80, noNaN: true }),
});
const contains = (cell: GridCell, p: { lng: number; lat: number }) => {
  const [west, south, east, north] = cell.bbox;
  return p.lng >= west && p.lng <= east && p.lat >= south && p.lat <= north;
};

describe('the land grid: 0.4 km cells on latitude bands (decision 0043)', () => {
  it('has bands of 0.4 km of meridian, pole to pole', () => {
    expect(GRID_ROWS).toBe(50_038);
    expect(ROW_DEGREES * 111.195).toBeCloseTo(0.4, 4);
    // About 100,000 cells around the equator, one at each pole.
    expect(columnsInRow(GRID_ROWS / 2)).toBeGreaterThan(100_000);
    expect(columnsInRow(GRID_ROWS / 2)).toBeLessThan(2 ** 17);
    expect(columnsInRow(0)).toBeLessThanOrEqual(3);
  });

  it('puts every point in the cell that contains it, and finds that cell again by its id and by its centre', () => {
    fc.assert(
      fc.property(point, (p) => {
        const cell = cellOf(p);
        expect(contains(cell, p)).toBe(true);
        expect(cellById(cell.id)).toEqual(cell);
        expect(cellOf(cell.center).id).toBe(cell.id);
      }),
      { numRuns: 2_000 },
    );
  });

  it('makes cells of 0.16 km² (within 0.5 %) and about 0.4 km a side wherever people are', () => {
    fc.assert(
      fc.property(inhabited, (p) => {
        const cell = cellOf(p);
        expect(Math.abs(cellAreaKm2(cell) / 0.16 - 1)).toBeLessThan(0.005);
      }),
      { numRuns: 2_000 },
    );
  });

  it('tiles each row with no gap and no overlap, and wraps at the antimeridian', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: GRID_ROWS - 1 }), fc.integer({ min: -5, max: 5 }), (row, step) => {
        const cols = columnsInRow(row);
        const col = Math.floor(cols / 2);
        const here = cellAt(row, col);
        const next = cellAt(row, col + 1);
        if (cols > 1) expect(next.bbox[0]).toBeCloseTo(here.bbox[2], 9);
        expect(cellAt(row, col + step * cols).id).toBe(here.id);
        expect(cellAt(row, cols - 1).bbox[2]).toBe(180);
        expect(cellOf({ lng: 180, lat: here.center.lat }).id).toBe(cellOf({ lng: -180, lat: here.center.lat }).id);
      }),
    );
  });

  it('answers no cell for ids that are not cells, and refuses points that are not on the Earth', () => {
    for (const id of [-1, 0.5, Number.NaN, GRID_ROWS * 2 ** 17, 2 ** 17 - 1, Number.MAX_SAFE_INTEGER + 1]) expect(cellById(id)).toBeNull();
    for (const p of [{ lng: 0, lat: 90.0001 }, { lng: Number.NaN, lat: 0 }, { lng: 0, lat: Number.POSITIVE_INFINITY }]) expect(() => cellOf(p)).toThrow(RangeError);
  });

  it('lists the cells a box touches, each once, and stops at the cap', () => {
    fc.assert(
      fc.property(inhabited, fc.double({ min: 0, max: 0.05, noNaN: true }), fc.double({ min: 0, max: 0.05, noNaN: true }), (p, w, h) => {
        const box: [number, number, number, number] = [p.lng, p.lat, p.lng + w, p.lat + h];
        const cells = cellsInBbox(box, 10_000);
        if (cells === 'too-many') throw new Error('a box of 0.05° holds fewer than 10,000 cells');
        expect(new Set(cells.map((c) => c.id)).size).toBe(cells.length);
        // Its corners and centre are in the list.
        for (const corner of [{ lng: box[0], lat: box[1] }, { lng: box[2], lat: box[3] }, { lng: (box[0] + box[2]) / 2, lat: (box[1] + box[3]) / 2 }])
          expect(cells.some((c) => c.id === cellOf(corner).id)).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(cellsInBbox([0, 0, 1, 1], 500)).toBe('too-many');
    expect(cellsInBbox([179.999, 0, 180, 0.001], 10)).not.toBe('too-many');
  });
});
