import type { FeatureCollection, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth 1:50m countries (world-atlas), shipped with the app as a file of its own: this
// chunk fetches it from our own server, so the map needs no tile server and works offline.
import countriesUrl from 'world-atlas/countries-50m.json?url';

export type BaseLayer = { countries: FeatureCollection; borders: MultiLineString };

type Countries = Topology<{ countries: GeometryCollection }>;

/** The land and the borders between countries, as GeoJSON for the style's two base sources. */
export function baseLayerOf(topology: Countries): BaseLayer {
  const countries = topology.objects.countries;
  return {
    countries: feature(topology, countries) as FeatureCollection,
    // Shared arcs only: coastlines are the land fill's own edge, borders are drawn on top.
    borders: mesh(topology, countries, (a, b) => a !== b),
  };
}

export async function loadBaseLayer(signal: AbortSignal): Promise<BaseLayer> {
  const response = await fetch(countriesUrl, { signal });
  if (!response.ok) throw new Error(`The map's countries could not be loaded (${response.status}).`);
  return baseLayerOf((await response.json()) as Countries);
}
