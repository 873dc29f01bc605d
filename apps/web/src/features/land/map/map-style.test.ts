import { describe, expect, it } from 'vitest';
import { buildMapStyle, layerVisibility, satelliteTilesFrom } from './map-style.ts';

describe('satelliteTilesFrom', () => {
  it('takes an http(s) template with {z}, {x} and {y}', () => {
    expect(satelliteTilesFrom(' https://tiles.example/{z}/{x}/{y}.jpg ')).toBe('https://tiles.example/{z}/{x}/{y}.jpg');
  });

  it('is off when unset or not a tile template', () => {
    for (const value of [undefined, '', 'tiles/{z}/{x}/{y}', 'https://tiles.example/{z}/{x}.jpg', 'javascript:{z}{x}{y}']) {
      expect(satelliteTilesFrom(value), String(value)).toBeNull();
    }
  });
});

describe('buildMapStyle', () => {
  const layerIds = (tiles: string | null) => buildMapStyle(tiles).layers.map((layer) => layer.id);

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
    const style = buildMapStyle('https://tiles.example/{z}/{x}/{y}.jpg');
    expect(layerIds('https://tiles.example/{z}/{x}/{y}.jpg').slice(0, 3)).toEqual(['sea', 'satellite', 'land']);
    expect(style.sources.satellite).toMatchObject({ type: 'raster', tiles: ['https://tiles.example/{z}/{x}/{y}.jpg'] });
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
