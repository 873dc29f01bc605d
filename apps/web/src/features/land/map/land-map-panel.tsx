import { cellById, cellOf, type OwnedCell } from '@starport/schemas';
import { useMemo, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { env } from '../../../config/env.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useLandCreditAmount } from '../../../lib/land-credit.ts';
import { useLandCells } from '../api/get-land-cells.ts';
import { BuyPanel } from './buy-panel.tsx';
import { CellInfo } from './cell-info.tsx';
import { describeCell } from './describe-cell.ts';
import type { LandMapProps } from './land-map-props.ts';
import { MapLegend } from './map-legend.tsx';
import { LAYER_COLOURS, satelliteFrom, type MapStyleKind } from './map-style.ts';
import { CoordinateSearch, MyLocationButton, StyleChoice } from './map-toolbar.tsx';
import { bboxParam, cellsQueryBox, FLY_TO_ZOOM, GRID_MIN_ZOOM } from './map-view.ts';
import { useMapInstance } from './use-map-instance.ts';
import { useMapOverlays } from './use-map-overlays.ts';
import { useMapPointer } from './use-map-pointer.ts';
import { usePlotPurchase } from './use-plot-purchase.ts';
import { useCountryLookup } from './use-country-lookup.ts';
import './land-map.css';

const NO_CELLS: readonly OwnedCell[] = [];
const imagery = satelliteFrom(env.satelliteTiles, env.satelliteAttribution);

/** The land map (issue 18): plots on the 0.4 km grid, their details, and buying free ones. */
export default function LandMapPanel({ label, mode, focusCells, topUp, onBought, className }: LandMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const { map, view, failure, baseFailure, imageryFailure } = useMapInstance(container, imagery);
  const [styleKind, setStyleKind] = useState<MapStyleKind>('street');
  const [inspected, setInspected] = useState<number | null>(null);
  const balance = useLandCreditAmount();
  const countryAt = useCountryLookup();

  const zoomedIn = view !== null && view.zoom >= GRID_MIN_ZOOM;
  const queryBox = zoomedIn ? cellsQueryBox(view.bounds) : null;
  const cells = useLandCells(queryBox ? bboxParam(queryBox) : null);
  const owned = zoomedIn ? (cells.data?.data ?? NO_CELLS) : NO_CELLS;
  const ownedById = useMemo(() => new Map(owned.map((cell) => [cell.id, cell])), [owned]);
  // The plots here are known only once this box's own answer came (not the last box's, kept while loading).
  const ownershipKnown = cells.isSuccess && !cells.isPlaceholderData;
  const purchase = usePlotPurchase({ ownedById, ownershipKnown, plotPrice: cells.data?.plot_price, onBought });

  useMapOverlays(map, { view, owned, selection: purchase.selection, focusCells, inspected, styleKind, hasSatellite: imagery !== null });

  const pick = (id: number) => {
    setInspected(id);
    if (mode === 'buy') purchase.toggle(id);
  };
  useMapPointer(map, { onHover: (id) => id !== null && setInspected(id), onPick: pick });

  const flyTo = (point: { lng: number; lat: number }) => map?.flyTo({ center: [point.lng, point.lat], zoom: FLY_TO_ZOOM });

  const inspectedCell = useMemo(() => {
    if (inspected === null) return null;
    const centre = cellById(inspected)!.center;
    return describeCell(inspected, ownedById.get(inspected), {
      country: countryAt ? countryAt(centre.lng, centre.lat) : undefined,
      plotValuation: cells.data?.plot_valuation,
    });
  }, [inspected, ownedById, cells.data?.plot_valuation, countryAt]);

  if (failure) {
    return (
      <section aria-label={label} className={['land-map', className].filter(Boolean).join(' ')}>
        <Alert tone="error">{failure}</Alert>
      </section>
    );
  }

  return (
    <section aria-label={label} className={['land-map', className].filter(Boolean).join(' ')}>
      <div className="land-map__toolbar">
        <CoordinateSearch onGo={flyTo} />
        <MyLocationButton onGo={flyTo} />
        <StyleChoice value={styleKind} onChange={setStyleKind} hasSatellite={imagery !== null} />
      </div>
      <div className="land-map__body">
        <div className="land-map__stage">
          <div className="land-map__frame">
            <div ref={container} className="land-map__canvas" data-testid="land-map-canvas" />
            {/* Marks the cell "Select the cell at the centre" and the keyboard act on. */}
            {zoomedIn && <div className="land-map__crosshair" aria-hidden="true" />}
          </div>
          <p className="land-map__note" aria-live="polite">
            {!view
              ? 'Loading the map…'
              : !zoomedIn
                ? `Zoom in to see the 0.4 km grid and the plots (they show from zoom ${GRID_MIN_ZOOM}).`
                : !queryBox
                  ? 'Zoom in a little more to see who owns the plots.'
                  : cells.isError
                    ? `The plots could not be loaded: ${messageOf(cells.error)}`
                    : cells.isFetching
                      ? 'Loading the plots…'
                      : `Zoom ${view.zoom.toFixed(1)}: plots shown.`}
          </p>
          {baseFailure && <p className="land-map__note land-map__note--error">{baseFailure}</p>}
          {imageryFailure && styleKind === 'satellite' && <p className="land-map__note land-map__note--error">{imageryFailure}</p>}
          <MapLegend extra={[...(mode === 'buy' ? [{ label: 'Selected', colour: LAYER_COLOURS.selected }] : []), ...(focusCells?.length ? [{ label: 'This collection', colour: LAYER_COLOURS.focus }] : [])]} />
        </div>
        <div className="land-map__side">
          <CellInfo cell={inspectedCell} />
          {mode === 'buy' && (
            <>
              <Button
                variant="secondary"
                disabled={!view || !zoomedIn}
                onClick={() => view && pick(cellOf(view.center).id)}
              >
                Select the cell at the centre
              </Button>
              {purchase.refusal && (
                <p className="land-map__note land-map__note--error" role="alert">
                  {purchase.refusal}
                </p>
              )}
              <BuyPanel
                selection={purchase.selection}
                plotPrice={cells.data?.plot_price}
                balance={balance}
                topUp={topUp}
                buying={purchase.buying}
                outcome={purchase.outcome}
                onDismissOutcome={purchase.dismissOutcome}
                onRemove={purchase.remove}
                onClear={purchase.clear}
                onBuy={purchase.submit}
              />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
