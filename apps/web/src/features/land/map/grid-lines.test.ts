import { cellById, cellOf, cellsInBbox, type Bbox } from '@starport/schemas';
import { describe, expect, it } from 'vitest';
import { boundsOfCells, cellPolygon, gridLines } from './grid-lines.ts';

const PARIS: Bbox = [2.33, 48.85, 2.35, 48.87];

describe('gridLines', () => {
  it('draws one feature per row of the grid that touches the box', () => {
    const lines = gridLines(PARIS)!;
    const rows = new Set((cellsInBbox(PARIS, 1000) as { row: number }[]).map((cell) => cell.row));
    expect(lines.features.map((f) => f.properties!.row).sort()).toEqual([...rows].sort());
  });

  it('draws each cell’s western edge along the row, on the grid’s own edges', () => {
    const cells = cellsInBbox(PARIS, 1000) as ReturnType<typeof cellOf>[];
    const first = cells[0]!;
    const row = gridLines(PARIS)!.features.find((f) => f.properties!.row === first.row)!;
    const verticals = row.geometry.coordinates.filter(([a, b]) => a![0] === b![0]);
    const inRow = cells.filter((cell) => cell.row === first.row);
    // every western edge plus the last eastern edge
    expect(verticals).toHaveLength(inRow.length + 1);
    expect(verticals[0]).toEqual([[first.bbox[0], first.bbox[1]], [first.bbox[0], first.bbox[3]]]);
  });

  it('closes the top row with its northern edge', () => {
    const lines = gridLines(PARIS)!;
    const top = lines.features.reduce((a, b) => (b.properties!.row > a.properties!.row ? b : a));
    const north = cellOf({ lng: 2.34, lat: 48.87 }).bbox[3];
    expect(top.geometry.coordinates.some(([a, b]) => a![1] === north && b![1] === north)).toBe(true);
  });

  it('draws nothing past the cap (a box too large to show)', () => {
    expect(gridLines([2, 48, 3, 49], 1000)).toBeNull();
  });
});

describe('cellPolygon and boundsOfCells', () => {
  it('closes the cell’s own box and carries its id', () => {
    const cell = cellOf({ lng: 12.4922, lat: 41.8902 });
    const polygon = cellPolygon(cell, { layer: 'mine' });
    const [west, south, east, north] = cell.bbox;
    expect(polygon.geometry.coordinates[0]).toEqual([[west, south], [east, south], [east, north], [west, north], [west, south]]);
    expect(polygon.properties).toEqual({ id: cell.id, layer: 'mine' });
  });

  it('frames several cells, and nothing for none', () => {
    const a = cellOf({ lng: 2.33, lat: 48.85 });
    const b = cellById(a.id + 3)!;
    expect(boundsOfCells([b, a])).toEqual([a.bbox[0], a.bbox[1], b.bbox[2], a.bbox[3]]);
    expect(boundsOfCells([])).toBeNull();
  });
});
