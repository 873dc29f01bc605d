import type { ReactNode } from 'react';

/**
 * What a land page asks of the map (map/land-map-panel.tsx, loaded lazily through
 * map/lazy-land-map.tsx so maplibre and the base layer never reach the first page).
 */
export type LandMapProps = {
  /** the accessible name of the map region, e.g. "Map of your land" */
  label: string;
  /**
   * 'buy': free cells can be selected, the panel shows the total and pays with land credit
   * (POST /api/land/payment/credit); 'view': read-only (a collection's detail).
   */
  mode: 'buy' | 'view';
  /** cells to frame and outline (a collection's plots); the map fits them when they change */
  focusCells?: readonly number[];
  /** shown beside the purchase total in 'buy' mode: the land-credit top-up (composed in app/routes) */
  topUp?: ReactNode;
  /** called after plots were bought (the page reads its lists again) */
  onBought?: (cellIds: number[]) => void;
  className?: string;
};
