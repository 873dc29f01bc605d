import { cellOf } from '@starport/schemas';
import { useEffect, useRef } from 'react';
import { GRID_MIN_ZOOM } from './map-view.ts';
import type { MaplibreMap, MapMouseEvent } from './maplibre.ts';

type PointerHandlers = {
  /** the cell under the pointer changed (null: zoomed out too far to tell cells apart) */
  onHover: (cellId: number | null) => void;
  /** a click or tap on a cell */
  onPick: (cellId: number) => void;
};

/** The grid cell under a pointer, found with the same grid the server uses (decision 0043). */
const cellUnder = (map: MaplibreMap, event: MapMouseEvent): number | null =>
  map.getZoom() >= GRID_MIN_ZOOM ? cellOf(event.lngLat.wrap()).id : null;

/** Hover, click/tap and keyboard moves on the map, from zoom 11; the handlers may change on every render. */
export function useMapPointer(map: MaplibreMap | null, handlers: PointerHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!map) return;
    let hovered: number | null = null;
    const move = (event: MapMouseEvent) => {
      const id = cellUnder(map, event);
      if (id === hovered) return; // a pointer moves often; the panel changes only per cell
      hovered = id;
      latest.current.onHover(id);
    };
    const click = (event: MapMouseEvent) => {
      const id = cellUnder(map, event);
      if (id !== null) latest.current.onPick(id);
    };
    // Keyboard users move the map itself (arrow keys on the focused map): the plot they look at
    // is the one under the crosshair at the centre.
    const keyboardMove = () => {
      if (document.activeElement !== map.getCanvas() || map.getZoom() < GRID_MIN_ZOOM) return;
      const id = cellOf(map.getCenter().wrap()).id;
      if (id === hovered) return;
      hovered = id;
      latest.current.onHover(id);
    };
    map.on('mousemove', move);
    map.on('click', click);
    map.on('moveend', keyboardMove);
    return () => {
      map.off('mousemove', move);
      map.off('click', click);
      map.off('moveend', keyboardMove);
    };
  }, [map]);
}
