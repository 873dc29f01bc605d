import { cellById, MAX_PLOTS_PER_PURCHASE, type BuyLandWithCreditBody } from '@starport/schemas';

/** The free cells the player picked to buy, in the order picked. */
export type PlotSelection = readonly number[];

export type ToggleResult = { selection: PlotSelection; refused?: string };

export const TOO_MANY_PLOTS = `At most ${MAX_PLOTS_PER_PURCHASE} plots can be bought at once.`;
export const NOT_FREE = 'That plot is owned already: only free plots can be bought.';

/**
 * Picks a cell or puts it back. Only free cells can be picked (the caller says which cells are
 * owned), and no more than the server buys at once; a refusal keeps the selection as it was.
 */
export function toggleCell(selection: PlotSelection, id: number, owned: boolean): ToggleResult {
  if (selection.includes(id)) return { selection: selection.filter((other) => other !== id) };
  if (owned) return { selection, refused: NOT_FREE };
  if (selection.length >= MAX_PLOTS_PER_PURCHASE) return { selection, refused: TOO_MANY_PLOTS };
  return { selection: [...selection, id] };
}

/** Drops cells that someone bought meanwhile (a fresh answer of the cells call lists them). */
export function withoutOwned(selection: PlotSelection, isOwned: (id: number) => boolean): PlotSelection {
  const kept = selection.filter((id) => !isOwned(id));
  return kept.length === selection.length ? selection : kept;
}

/** What the selection costs in land credit at the server's price per plot. */
export const selectionTotal = (selection: PlotSelection, plotPrice: number): number => selection.length * plotPrice;

/**
 * The body of POST /api/land/payment/credit (docs/api-land.md): each plot by its cell id, with
 * its box in the spec's `location.bbox` shape; the price is the total the player was shown, so
 * the server refuses (409) rather than charge a different figure.
 */
export function purchaseBody(selection: PlotSelection, plotPrice: number): BuyLandWithCreditBody {
  return {
    price: selectionTotal(selection, plotPrice),
    type: 'individual',
    items: selection.map((id) => ({ id, location: { bbox: cellById(id)!.bbox } })),
  };
}
