import { describe, expect, it } from 'vitest';
import { buildMapStyle, layerVisibility, satelliteFrom } from './map-style.ts';

const TILES = 'https://tiles.example/{z}/{x}/{y}.jpg';

describe('satelliteFrom', () => {
  it('takes an http(s) template with {z}, {x} and {y}, and the credit to show', () => {
    expect(satelliteFrom(` ${TILES} `, ' © Imagery Co ')).toEqual({ tiles: TILES, attribution: '© Imagery Co' });
    expect(satelliteFrom(TILES)).toEqual({ tiles: TILES, attribution: undefined });
  });

  it('is off when unset or not a tile template', () => {
    for (const value of [undefined, '', 'tiles/{z}/{x}/{y}', 'https://tiles.example/{z}/{x}.jpg', 'javascript:{z}{x}{y}']) {
      expect(satelliteFrom(value, 'credit'), String(value)).toBeNull();
    }
  });
});

describe('buildMapStyle', () => {
  const layerIds = (tiles: string | null) => buildMapStyle(tiles ? { tiles, attribution: undefined } : null).layers.map((layer) => layer.id);

  it('draws the sea, the land and the borders under the plots, with no text layers (no glyphs offline)', () => {
    const style = buildMapStyle(null);
    expect(layerIds(null).slice(0, 3)).toEqual(['sea', 'land', 'borders']);
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(false);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(Object.values(style.sources).every((source) => source.type === 'geojson')).toBe(true);
  });

  it('shows the grid and the owned plots only from zoom 11', () => {
    const style = buildMapStyle(null);
    for (const id of ['grid', 'owned-fill']) expect(style.layers.find((layer) => layer.id === id)?.minzoom).toBe(11);
  });

  it('adds the imagery under the land when configured', () => {
    const style = buildMapStyle({ tiles: TILES, attribution: '© Imagery Co' });
    expect(layerIds(TILES).slice(0, 3)).toEqual(['sea', 'satellite', 'land']);
    expect(style.sources.satellite).toMatchObject({ type: 'raster', tiles: [TILES], attribution: '© Imagery Co' });
  });
});

describe('layerVisibility', () => {
  it('street shows the drawn land and hides the imagery', () => {
    expect(layerVisibility('street', true)).toEqual({ land: 'visible', satellite: 'none' });
  });

  it('satellite swaps the drawn land for the imagery', () => {
    expect(layerVisibility('satellite', true)).toEqual({ land: 'none', satellite: 'visible' });
  });

  it('without imagery the land stays, whatever was chosen', () => {
    expect(layerVisibility('satellite', false)).toEqual({ land: 'visible' });
  });
});
