import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { artName, parseArtKey, type ArtRequest } from './art-key.ts';
import { renderDnc } from './dnc-art.ts';
import { ELEMENT_PALETTES, RARITY_STYLES, UNIT_COLOURS, type ElementId, type RarityId } from './palette.ts';
import { renderArt } from './render-art.ts';
import { renderShip } from './ship-art.ts';
import { renderUnit } from './unit-art.ts';

const ELEMENTS = [0, 1, 2] as const;
const RARITIES = [0, 1, 2, 3] as const;
const ALL: ArtRequest[] = [
  ...ELEMENTS.flatMap((element) => RARITIES.flatMap((rarity) => [0, 7, 4294967295].map((seed) => ({ kind: 'ship' as const, element, rarity, seed })))),
  ...([1, 2, 3, 4, 5] as const).map((type) => ({ kind: 'unit' as const, type })),
  { kind: 'blindbox', name: 'frontier' },
  ...[1, 500, 10_000, 1_000_000_000].map((amount) => ({ kind: 'dnc' as const, amount })),
];
const ids = (svg: string) => [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);

describe('art renderers', () => {
  it('draw the same SVG for the same input', () => {
    for (const req of ALL) expect(renderArt(req)).toBe(renderArt(req));
  });

  it('draw a different ship for every seed', () => {
    for (const element of ELEMENTS) {
      const svgs = new Set(Array.from({ length: 40 }, (_, seed) => renderShip(element, 0, seed)));
      expect(svgs.size).toBe(40);
    }
  });

  it('give every element its own palette', () => {
    for (const element of ELEMENTS) {
      const svg = renderShip(element, 1, 99);
      const own = ELEMENT_PALETTES[element];
      expect(svg).toContain(own.space[0]);
      expect(svg).toContain(own.accent);
      for (const other of ELEMENTS.filter((e) => e !== element)) expect(svg).not.toContain(ELEMENT_PALETTES[other].accent);
    }
  });

  it('frame each rarity in its own colour, glow only from Epic, a star only for Legendary', () => {
    for (const element of ELEMENTS) {
      for (const rarity of RARITIES) {
        const svg = renderShip(element, rarity, 1234);
        expect(svg).toContain(RARITY_STYLES[rarity].frame);
        for (const other of RARITIES.filter((r) => r !== rarity)) expect(svg).not.toContain(RARITY_STYLES[other].frame);
        expect(svg.includes(`id="s${element}${rarity}-1234-glow"`)).toBe(rarity >= 2);
        expect(svg.includes(`stroke-width="${RARITY_STYLES[rarity].width}"`)).toBe(true);
        expect(svg.includes(`url(#s${element}${rarity}-1234-gold)`)).toBe(rarity === 3);
      }
    }
  });

  it('keep the ship itself when only the rarity changes', () => {
    const hullOf = (rarity: RarityId) => renderShip(2 as ElementId, rarity, 5).match(/<path d="M256[^"]+"/)?.[0];
    expect(hullOf(0)).toBeDefined();
    expect(hullOf(3)).toBe(hullOf(0));
  });

  it('label units "Type N" in their own colour and draw more floors for bigger types', () => {
    const floors: number[] = [];
    for (const type of [1, 2, 3, 4, 5] as const) {
      const svg = renderUnit(type);
      expect(svg).toContain(`>Type ${type}</text>`);
      expect(svg).toContain(UNIT_COLOURS[type].main);
      floors.push(Number(/, (\d) floors?</.exec(svg)?.[1]));
    }
    expect(floors).toEqual([1, 2, 2, 3, 4]);
  });

  it('write the DNC amount with thousands separators', () => {
    expect(renderDnc(1_000_000)).toContain('>1,000,000</text>');
    expect(renderDnc(500)).toContain('>500</text>');
  });

  it('are well-formed, standalone 512×512 documents that load nothing', async () => {
    for (const req of ALL) {
      const svg = renderArt(req);
      // librsvg (inside sharp) is the real consumer and a strict XML parser: it rejects
      // unclosed tags, duplicate attributes and bare ampersands.
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect([meta.format, meta.width, meta.height], artName(req)).toEqual(['svg', 512, 512]);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 512 512" [^>]*>.*<\/svg>$/s);
      // The namespace is a name, not a fetch; nothing else may point outside the document.
      expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/https?:|\/\/|href|<image|<script|<foreignObject|@import/i);
      expect([...svg.matchAll(/font-family="([^"]+)"/g)].map((m) => m[1])).toEqual(['sans-serif']);
      // Every url(#id) points at a definition in the same picture.
      for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids(svg)).toContain(ref);
    }
  });

  it('use ids unique to each ship, so several can be inlined in one page', () => {
    const a = new Set(ids(renderShip(0, 3, 1)));
    expect(ids(renderShip(0, 3, 2)).filter((id) => a.has(id))).toEqual([]);
  });
});

describe('parseArtKey', () => {
  it('accepts the paths of packages/schemas images.ts', () => {
    expect(parseArtKey('ship', '2-3-4294967295')).toEqual({ kind: 'ship', element: 2, rarity: 3, seed: 4294967295 });
    expect(parseArtKey('ship', '0-0-0')).toEqual({ kind: 'ship', element: 0, rarity: 0, seed: 0 });
    expect(parseArtKey('unit', '5')).toEqual({ kind: 'unit', type: 5 });
    expect(parseArtKey('blindbox', 'frontier')).toEqual({ kind: 'blindbox', name: 'frontier' });
    expect(parseArtKey('dnc', '10000')).toEqual({ kind: 'dnc', amount: 10000 });
  });

  it.each([
    ['ship', '3-0-1'], ['ship', '0-4-1'], ['ship', '7-9-1'], ['ship', '0-0'], ['ship', '0-0-01'], ['ship', '0-0-4294967296'],
    ['ship', '0-0--1'], ['ship', '0-0-1.5'], ['ship', ' 0-0-1'], ['ship', '0-0-1\0'], ['ship', '../../etc/passwd'],
    ['unit', '0'], ['unit', '6'], ['unit', '01'], ['blindbox', 'FRONTIER'], ['blindbox', '..'],
    ['dnc', '0'], ['dnc', '-5'], ['dnc', '1e6'], ['dnc', '1000000001'], ['dnc', '007'],
    ['..', 'passwd'], ['', '1'], ['Ship', '0-0-1'], ['constructor', '1'],
  ])('rejects %s/%s with a 404 that says what is valid', (kind, key) => {
    let err: unknown;
    try {
      parseArtKey(kind, key);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 404, code: 'NOT_FOUND', message: expect.stringMatching(/^No such .+\. Use|only one is/) });
  });

  it('round-trips: artName gives back the key', () => {
    for (const req of ALL) expect(parseArtKey(req.kind, artName(req))).toEqual(req);
  });
});
