import { describe, expect, it } from 'vitest';
import { MarketplaceFindQuerySchema, parseUsdToMicro, ShopFindQuerySchema } from './catalogue-query.ts';

describe('parseUsdToMicro: US dollars as a person types them', () => {
  it.each([
    ['25', 25_000_000n],
    ['19.99', 19_990_000n],
    ['$1,500', 1_500_000_000n],
    ['$ 0.000001', 1n],
    ['.5', 500_000n],
    ['7.', 7_000_000n],
    ['0', 0n],
    ['1000000000', 1_000_000_000_000_000n],
  ])('%s → %s micro-units', (text, micro) => expect(parseUsdToMicro(text)).toBe(micro));

  it.each([
    ['-5', 'negative'],
    ['abc', 'invalid'],
    ['1e5', 'invalid'],
    ['1,50', 'invalid'],
    ['0x10', 'invalid'],
    ['1.1234567', 'too-precise'],
    ['1000000001', 'too-large'],
  ])('%s is %s', (text, verdict) => expect(parseUsdToMicro(text)).toBe(verdict));
});

describe('find query schemas', () => {
  it('turn the spec client query into a typed filter, empty strings meaning "no filter"', () => {
    expect(MarketplaceFindQuerySchema.parse({ element: 'Earth, ai,dnc', rarity: 'legend', price_from: '', price_to: '$50', page: '3' })).toEqual({
      elements: ['human', 'ai', 'dnc'],
      rarities: [3],
      kinds: null,
      priceFromMicro: null,
      priceToMicro: 50_000_000n,
      page: 3,
      limit: 20,
    });
    expect(ShopFindQuerySchema.parse({}).limit).toBe(16);
  });

  it('report every bad field with a sentence', () => {
    const result = MarketplaceFindQuerySchema.safeParse({ element: 'wood', limit: '500' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['element', "Unknown element 'wood'. Use dnc, human (or earth), ai or alien."],
      ['limit', 'limit must be at most 100.'],
    ]);
    expect(ShopFindQuerySchema.safeParse({ element: 'dnc' }).error?.issues[0]?.message).toBe('DNC packs are sold on the marketplace, not in the shop.');
  });
});
