import { describe, expect, it } from 'vitest';
import { expectDollarPricesOnly } from '../test/money-words.ts';
import { formatCardPrice, formatPercent, formatPrice, shortenAddress } from './format.ts';

describe('shortenAddress', () => {
  it('keeps the first 5 and last 5 characters of a wallet address', () => {
    expect(shortenAddress('0x12a4567890abcdef1234567890abcdefcdef0')).toBe('0x12a…cdef0');
  });

  it('works on a full 42-character EVM address', () => {
    const address = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';
    const short = shortenAddress(address);
    expect(short).toBe('0xAbC…dEf01');
    expect(short).toHaveLength(11);
  });

  it('leaves strings that are already short unchanged', () => {
    expect(shortenAddress('0x12345')).toBe('0x12345');
    expect(shortenAddress('0x123456789')).toBe('0x123456789');
  });

  it('supports other windows (6 + 4 for contract addresses)', () => {
    expect(shortenAddress('0x1234567890abcdef', 6, 4)).toBe('0x1234…cdef');
  });
});

describe('prices and odds (spec §9, docs/decisions/0028)', () => {
  it('writes every price as "$" and the amount, never with a currency word', () => {
    for (const rounding of ['detail', 'whole', 'short'] as const) {
      for (const usd of [0, 0.4, 12.5, 249.99, 1249.5, 98765.43]) {
        const shown = formatPrice(usd, rounding);
        expect(shown).toMatch(/^\$\d{1,3}(,\d{3})*(\.\d+)?$/);
        expectDollarPricesOnly(shown);
      }
    }
  });
  it('rounds card prices to whole dollars', () => {
    expect(formatCardPrice(1249.5)).toBe('$1,250');
    expect(formatCardPrice(0.4)).toBe('$0');
    expect(formatPrice(98765.43, 'whole')).toBe('$98,765');
  });
  it('shows other prices with $ and 3 decimals, a headline price with cents only when it has some', () => {
    expect(formatPrice(250)).toBe('$250.000');
    expect(formatPrice(1234.5678)).toBe('$1,234.568');
    expect(formatPrice(250, 'short')).toBe('$250');
    expect(formatPrice(249.99, 'short')).toBe('$249.99');
    expect(formatPrice(249.6, 'short')).toBe('$249.60');
  });
  it('shows odds with 2 decimals', () => {
    expect(formatPercent(0.5)).toBe('0.50%');
  });
});

describe('expectDollarPricesOnly', () => {
  it('refuses an amount with a currency word or a stablecoin name, and allows a sentence naming the currency', () => {
    for (const bad of ['250 USDT', '$480.250 USD', '$1,186.740 USDPay by card', '216.400 USDC', 'USD 12', 'Price in USDT'])
      expect(() => expectDollarPricesOnly(bad), bad).toThrow();
    expectDollarPricesOnly('All prices are in US dollars ($). Sold for $9,000 · Price (USD)');
  });
});
