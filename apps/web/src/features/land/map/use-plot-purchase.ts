import type { OwnedCell } from '@starport/schemas';
import { useMemo, useState } from 'react';
import { messageOf } from '../../../lib/api-error.ts';
import { useBuyLandWithCredit } from '../api/buy-land-with-credit.ts';
import type { BuyOutcome } from './buy-panel.tsx';
import { purchaseBody, toggleCell, withoutOwned, type PlotSelection } from './plot-selection.ts';

type PurchaseInput = {
  /** the owned cells of the box on screen */
  ownedById: ReadonlyMap<number, OwnedCell>;
  /** false while the box's own answer has not come: free and owned cannot be told apart yet */
  ownershipKnown: boolean;
  /** land credit per plot from the cells answer */
  plotPrice: number | undefined;
  onBought?: (cellIds: number[]) => void;
};

export const STILL_LOADING = 'The plots here are still loading: try again in a moment.';
export const BOUGHT_TITLE = 'Plots bought.';

/**
 * The plots picked on the map and their purchase with land credit. After a purchase the
 * selection is empty and the page hears which cells were bought; a refusal (409: someone was
 * first, the price moved, not enough credit) shows the server's sentence and keeps the
 * selection, less any cell the fresh answer shows as owned.
 */
export function usePlotPurchase({ ownedById, ownershipKnown, plotPrice, onBought }: PurchaseInput) {
  const [picked, setPicked] = useState<PlotSelection>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<BuyOutcome>(null);
  const buy = useBuyLandWithCredit();
  const selection = useMemo(() => withoutOwned(picked, (id) => ownedById.has(id)), [picked, ownedById]);

  const toggle = (id: number) => {
    if (!ownershipKnown) {
      setRefusal(STILL_LOADING);
      return;
    }
    const result = toggleCell(selection, id, ownedById.has(id));
    setPicked(result.selection);
    setRefusal(result.refused ?? null);
    setOutcome(null);
  };

  const submit = () => {
    if (plotPrice === undefined || selection.length === 0) return;
    buy.mutate(purchaseBody(selection, plotPrice), {
      onSuccess: (answer) => {
        setPicked([]);
        setOutcome({ tone: 'success', title: BOUGHT_TITLE, text: answer.msg });
        onBought?.(answer.cells);
      },
      onError: (error) => setOutcome({ tone: 'error', text: messageOf(error) }),
    });
  };

  return {
    selection,
    refusal,
    outcome,
    buying: buy.isPending,
    toggle,
    submit,
    remove: (id: number) => setPicked((current) => current.filter((other) => other !== id)),
    clear: () => {
      setPicked([]);
      setRefusal(null);
    },
    dismissOutcome: () => setOutcome(null),
  };
}
