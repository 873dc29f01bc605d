import { describe, expect, it } from 'vitest';
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

describe('prices and odds (spec §9)', () => {
  it('rounds card prices to whole dollars', () => {
    expect(formatCardPrice(1249.5)).toBe('1,250 USDT');
    expect(formatCardPrice(0.4)).toBe('0 USDT');
    expect(formatCardPrice(200, 'USDC')).toBe('200 USDC');
  });
  it('shows other prices with $ and 3 decimals, odds with 2 decimals', () => {
    expect(formatPrice(250)).toBe('$250.000');
    expect(formatPrice(1234.5678)).toBe('$1,234.568');
    expect(formatPercent(0.5)).toBe('0.50%');
  });
});
