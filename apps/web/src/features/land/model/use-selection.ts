import { useCallback, useMemo, useState } from 'react';

/**
 * Marked plots, by cell id. Only ids still on screen count: a plot moved away by a refresh
 * drops out of the selection by itself, so a button never acts on something no longer shown.
 */
export function useSelection(available: readonly number[], initial: readonly number[] = []) {
  const [marked, setMarked] = useState<ReadonlySet<number>>(() => new Set(initial));
  const selected = useMemo(() => available.filter((id) => marked.has(id)), [available, marked]);

  const toggle = useCallback((id: number, on: boolean) => {
    setMarked((last) => {
      const next = new Set(last);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const setAll = useCallback((on: boolean) => setMarked(on ? new Set(available) : new Set()), [available]);
  const clear = useCallback(() => setMarked(new Set()), []);

  return {
    selected,
    isSelected: (id: number) => marked.has(id),
    allSelected: available.length > 0 && selected.length === available.length,
    toggle,
    setAll,
    clear,
  };
}

export type Selection = ReturnType<typeof useSelection>;
