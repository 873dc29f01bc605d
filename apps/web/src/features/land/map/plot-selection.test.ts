import { BuyLandWithCreditBodySchema, cellById, cellOf, MAX_PLOTS_PER_PURCHASE } from '@starport/schemas';
import { describe, expect, it } from 'vitest';
import { NOT_FREE, purchaseBody, selectionTotal, toggleCell, TOO_MANY_PLOTS, withoutOwned } from './plot-selection.ts';

const a = cellOf({ lng: 2.33, lat: 48.85 }).id;
const b = a + 1;

describe('toggleCell', () => {
  it('picks a free cell and puts it back on a second click', () => {
    const picked = toggleCell([], a, false);
    expect(picked).toEqual({ selection: [a] });
    expect(toggleCell(picked.selection, a, false)).toEqual({ selection: [] });
  });

  it('refuses an owned cell and keeps the selection', () => {
    const selection = [b];
    expect(toggleCell(selection, a, true)).toEqual({ selection, refused: NOT_FREE });
  });

  it('stops at the most the server buys at once', () => {
    const full = Array.from({ length: MAX_PLOTS_PER_PURCHASE }, (_, i) => a + i);
    expect(toggleCell(full, a + MAX_PLOTS_PER_PURCHASE, false)).toEqual({ selection: full, refused: TOO_MANY_PLOTS });
    expect(toggleCell(full, a, false).selection).toHaveLength(MAX_PLOTS_PER_PURCHASE - 1);
  });
});

describe('withoutOwned', () => {
  it('drops cells that became owned, and keeps the same list when none did', () => {
    const selection = [a, b];
    expect(withoutOwned(selection, (id) => id === b)).toEqual([a]);
    expect(withoutOwned(selection, () => false)).toBe(selection);
  });
});

describe('purchaseBody', () => {
  it('totals count × price and names each cell by id and its own box, as the server accepts', () => {
    const body = purchaseBody([a, b], 3);
    expect(selectionTotal([a, b], 3)).toBe(6);
    expect(body).toEqual({
      price: 6,
      type: 'individual',
      items: [
        { id: a, location: { bbox: cellById(a)!.bbox } },
        { id: b, location: { bbox: cellById(b)!.bbox } },
      ],
    });
    expect(BuyLandWithCreditBodySchema.safeParse(body).success).toBe(true);
  });
});
