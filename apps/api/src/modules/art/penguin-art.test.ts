import { describe, expect, it } from 'vitest';
import { artName, parseArtKey } from './art-key.ts';
import { renderArt } from './render-art.ts';

describe('penguin art', () => {
  it('parses /images/v1/penguin/{rarity}-{seed} in one canonical spelling', () => {
    expect(parseArtKey('penguin', '3-12345')).toEqual({ kind: 'penguin', rarity: 3, seed: 12345 });
    expect(artName(parseArtKey('penguin', '0-0'))).toBe('0-0');
    for (const bad of ['4-1', '1-01', '-1-1', '1', '1-4294967296', '1-x'])
      expect(() => parseArtKey('penguin', bad), bad).toThrow(/No such penguin image/);
  });

  it('draws the same picture for the same path, a different one for another seed, titled by rarity', () => {
    const a = renderArt({ kind: 'penguin', rarity: 2, seed: 7 });
    expect(renderArt({ kind: 'penguin', rarity: 2, seed: 7 })).toBe(a);
    expect(renderArt({ kind: 'penguin', rarity: 2, seed: 8 })).not.toBe(a);
    expect(a).toMatch(/^<svg [^>]*viewBox="0 0 512 512"/);
    expect(a).toContain('<title>Legendary penguin</title>');
    expect(renderArt({ kind: 'penguin', rarity: 3, seed: 1 })).toContain('<title>1 of 1 penguin</title>');
    expect(a).not.toMatch(/href=|<script|url\(http/);
  });
});
