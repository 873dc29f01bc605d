import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { EMPTY_COLLECTION } from './grid-lines.ts';
import { GRID_MIN_ZOOM } from './map-view.ts';

/**
 * The map's one style, built in code and served by nothing but this app: the sea as the
 * background, countries from Natural Earth (world-atlas, filled in by base-layer.ts once
 * loaded), and the land overlays. There are no text or symbol layers, so no glyphs or sprites
 * are fetched. "Street" and "Satellite" (spec §2.16) are the same style with other layers
 * shown, so switching keeps the overlays, their data and the view.
 */

export type MapStyleKind = 'street' | 'satellite';

/** The plot colours; the legend shows the same. Free cells have no fill: only the grid. */
export const LAYER_COLOURS = {
  mine: '#4ade80',
  my_collection: '#a78bfa',
  others: '#ff6b81',
  selected: '#6ee7ff',
  focus: '#fbbf24',
} as const;

/** The sources the map code sets data on. */
export const SOURCES = {
  countries: 'countries',
  borders: 'borders',
  grid: 'grid',
  owned: 'owned',
  selected: 'selected',
  focus: 'focus',
  hover: 'hover',
} as const;

/** The imagery's source and layer, present only when configured. */
export const SATELLITE_SOURCE = 'satellite';
const STREET_LAYERS = ['land'] as const;

/** The configured imagery: a raster tile URL template and the credit its provider asks for. */
export type SatelliteConfig = { tiles: string; attribution: string | undefined };

/**
 * The imagery from configuration (VITE_SATELLITE_TILES, VITE_SATELLITE_ATTRIBUTION), or null when
 * the template is unset or not one (it must be http(s) and name {z}, {x} and {y}).
 */
export function satelliteFrom(tiles: string | undefined, attribution?: string): SatelliteConfig | null {
  const template = tiles?.trim() ?? '';
  if (!/^https?:\/\//.test(template)) return null;
  if (!['{z}', '{x}', '{y}'].every((part) => template.includes(part))) return null;
  return { tiles: template, attribution: attribution?.trim() || undefined };
}

const geojson = { type: 'geojson', data: EMPTY_COLLECTION } as const;

const overlayLayers: LayerSpecification[] = [
  { id: 'grid', type: 'line', source: SOURCES.grid, minzoom: GRID_MIN_ZOOM, paint: { 'line-color': '#ffffff', 'line-opacity': 0.35, 'line-width': 0.6 } },
  {
    id: 'owned-fill',
    type: 'fill',
    source: SOURCES.owned,
    minzoom: GRID_MIN_ZOOM,
    paint: {
      'fill-color': ['match', ['get', 'layer'], 'mine', LAYER_COLOURS.mine, 'my_collection', LAYER_COLOURS.my_collection, LAYER_COLOURS.others],
      'fill-opacity': 0.5,
    },
  },
  { id: 'selected-fill', type: 'fill', source: SOURCES.selected, paint: { 'fill-color': LAYER_COLOURS.selected, 'fill-opacity': 0.35 } },
  { id: 'selected-line', type: 'line', source: SOURCES.selected, paint: { 'line-color': LAYER_COLOURS.selected, 'line-width': 2.5 } },
  { id: 'focus-line', type: 'line', source: SOURCES.focus, paint: { 'line-color': LAYER_COLOURS.focus, 'line-width': 3 } },
  { id: 'hover-line', type: 'line', source: SOURCES.hover, paint: { 'line-color': '#ffffff', 'line-width': 2 } },
];

/** The whole style; configured imagery is added as a raster layer, hidden until chosen. */
export function buildMapStyle(imagery: SatelliteConfig | null): StyleSpecification {
  const satellite: StyleSpecification['sources'] = imagery
    ? { [SATELLITE_SOURCE]: { type: 'raster', tiles: [imagery.tiles], tileSize: 256, maxzoom: 19, attribution: imagery.attribution } }
    : {};
  return {
    version: 8,
    sources: {
      ...satellite,
      [SOURCES.countries]: geojson,
      [SOURCES.borders]: geojson,
      [SOURCES.grid]: geojson,
      [SOURCES.owned]: geojson,
      [SOURCES.selected]: geojson,
      [SOURCES.focus]: geojson,
      [SOURCES.hover]: geojson,
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': '#0c2242' } },
      ...(imagery ? [{ id: SATELLITE_SOURCE, type: 'raster', source: SATELLITE_SOURCE, layout: { visibility: 'none' } } as LayerSpecification] : []),
      { id: 'land', type: 'fill', source: SOURCES.countries, paint: { 'fill-color': '#1f3a34' } },
      { id: 'borders', type: 'line', source: SOURCES.borders, paint: { 'line-color': '#8fa3d6', 'line-width': 0.8 } },
      ...overlayLayers,
    ],
  };
}

/** Which layers a style kind shows: satellite swaps the drawn land for the imagery. */
export function layerVisibility(kind: MapStyleKind, hasSatellite: boolean): Record<string, 'visible' | 'none'> {
  const showSatellite = kind === 'satellite' && hasSatellite;
  const visibility: Record<string, 'visible' | 'none'> = Object.fromEntries(STREET_LAYERS.map((id) => [id, showSatellite ? 'none' : 'visible']));
  if (hasSatellite) visibility[SATELLITE_SOURCE] = showSatellite ? 'visible' : 'none';
  return visibility;
}

export const SATELLITE_UNAVAILABLE = 'Satellite imagery is not configured on this server.';
