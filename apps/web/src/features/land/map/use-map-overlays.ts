import { cellById, type OwnedCell } from '@starport/schemas';
import { useEffect } from 'react';
import { boundsOfCells, cellPolygon, EMPTY_COLLECTION, gridLines } from './grid-lines.ts';
import { layerVisibility, SOURCES, type MapStyleKind } from './map-style.ts';
import { GRID_MIN_ZOOM, viewBox } from './map-view.ts';
import type { PlotSelection } from './plot-selection.ts';
import { geojsonSource, type MapView } from './use-map-instance.ts';
import type { MaplibreMap } from './maplibre.ts';

type Overlays = {
  view: MapView | null;
  owned: readonly OwnedCell[];
  selection: PlotSelection;
  focusCells: readonly number[] | undefined;
  inspected: number | null;
  styleKind: MapStyleKind;
  hasSatellite: boolean;
};

const polygonsOf = (ids: readonly number[]) => ({
  type: 'FeatureCollection' as const,
  features: ids.flatMap((id) => {
    const cell = cellById(id);
    return cell ? [cellPolygon(cell)] : [];
  }),
});

/** Keeps the map's overlay sources and layer visibility in step with the panel's state. */
export function useMapOverlays(map: MaplibreMap | null, { view, owned, selection, focusCells, inspected, styleKind, hasSatellite }: Overlays) {
  useEffect(() => {
    if (!map || !view) return;
    // Only the cells on screen, and none below zoom 11 where a cell would be under 10 px.
    const lines = view.zoom >= GRID_MIN_ZOOM ? gridLines(viewBox(view.bounds)) : null;
    geojsonSource(map, SOURCES.grid)?.setData(lines ?? EMPTY_COLLECTION);
  }, [map, view]);

  useEffect(() => {
    if (!map) return;
    geojsonSource(map, SOURCES.owned)?.setData({
      type: 'FeatureCollection',
      features: owned.flatMap((plot) => {
        const cell = cellById(plot.id);
        return cell ? [cellPolygon(cell, { layer: plot.layer })] : [];
      }),
    });
  }, [map, owned]);

  useEffect(() => {
    if (map) geojsonSource(map, SOURCES.selected)?.setData(polygonsOf(selection));
  }, [map, selection]);

  useEffect(() => {
    if (map) geojsonSource(map, SOURCES.hover)?.setData(polygonsOf(inspected === null ? [] : [inspected]));
  }, [map, inspected]);

  // Frame a collection's plots whenever the list changes (compared by content, not identity).
  const focusKey = (focusCells ?? []).join(',');
  useEffect(() => {
    if (!map) return;
    const ids = focusKey ? focusKey.split(',').map(Number) : [];
    geojsonSource(map, SOURCES.focus)?.setData(ids.length ? polygonsOf(ids) : EMPTY_COLLECTION);
    const box = boundsOfCells(ids.flatMap((id) => cellById(id) ?? []));
    if (box) map.fitBounds([[box[0], box[1]], [box[2], box[3]]], { padding: 48, maxZoom: 16, duration: 0 });
  }, [map, focusKey]);

  useEffect(() => {
    if (!map) return;
    for (const [layer, visibility] of Object.entries(layerVisibility(styleKind, hasSatellite))) {
      map.setLayoutProperty(layer, 'visibility', visibility);
    }
  }, [map, styleKind, hasSatellite]);
}
