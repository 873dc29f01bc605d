import type { Bbox, LngLat } from '@starport/schemas';
import { useEffect, useState, type RefObject } from 'react';
import { loadBaseLayer } from './base-layer.ts';
import { buildMapStyle, SATELLITE_SOURCE, SOURCES, type SatelliteConfig } from './map-style.ts';
import { INITIAL_ZOOM, MAX_ZOOM } from './map-view.ts';
import { maplibregl, type GeoJSONSource, type MaplibreMap } from './maplibre.ts';

export type MapView = { zoom: number; bounds: Bbox; center: LngLat };

/** Europe and Africa in the middle at the spec's first zoom: most of the world shows. */
const INITIAL_CENTER: [number, number] = [10, 30];

const viewOf = (map: MaplibreMap): MapView => {
  const bounds = map.getBounds();
  const center = map.getCenter().wrap();
  return {
    zoom: map.getZoom(),
    bounds: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
    center: { lng: center.lng, lat: center.lat },
  };
};

export const geojsonSource = (map: MaplibreMap, id: string) => map.getSource<GeoJSONSource>(id);

/**
 * One maplibre map in the container, for the component's lifetime. `map` is set once the style
 * has loaded (sources can take data from then on); `view` follows every finished move. The
 * countries are fetched alongside and filled in when they arrive.
 */
export function useMapInstance(container: RefObject<HTMLDivElement | null>, imagery: SatelliteConfig | null) {
  const [map, setMap] = useState<MaplibreMap | null>(null);
  const [view, setView] = useState<MapView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [baseFailure, setBaseFailure] = useState<string | null>(null);
  const [imageryFailure, setImageryFailure] = useState<string | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let instance: MaplibreMap;
    try {
      instance = new maplibregl.Map({
        container: element,
        style: buildMapStyle(imagery),
        center: INITIAL_CENTER,
        zoom: INITIAL_ZOOM,
        maxZoom: MAX_ZOOM,
        // A flat map: the grid is read from above, and rotating would only lose the player.
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        attributionControl: { compact: true, customAttribution: 'Natural Earth' },
      });
    } catch {
      // maplibre throws when the browser gives it no WebGL context.
      setFailure('The map cannot be shown: this browser does not offer WebGL.');
      return;
    }
    instance.touchZoomRotate.disableRotation();
    instance.keyboard.disableRotation();
    instance.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');

    const controller = new AbortController();
    const report = () => setView(viewOf(instance));
    instance.on('load', () => {
      setMap(instance);
      report();
      loadBaseLayer(controller.signal)
        .then(({ countries, borders }) => {
          geojsonSource(instance, SOURCES.countries)?.setData(countries);
          geojsonSource(instance, SOURCES.borders)?.setData(borders);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setBaseFailure(`The countries could not be drawn: ${error instanceof Error ? error.message : 'unknown error'}`);
        });
    });
    instance.on('moveend', report);
    // A tile the imagery server refuses: say so once, rather than leave a blank map unexplained.
    instance.on('error', (event: { sourceId?: string }) => {
      if (event.sourceId === SATELLITE_SOURCE) setImageryFailure('Some satellite imagery could not be loaded from its server.');
    });
    return () => {
      controller.abort();
      instance.remove();
      setMap(null);
    };
  }, [container, imagery]);

  return { map, view, failure, baseFailure, imageryFailure };
}
