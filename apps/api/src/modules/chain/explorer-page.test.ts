import { describe, expect, it } from 'vitest';
import { addressPage, errorPage, txPage } from './explorer-page.ts';
import type { TxView } from './explorer.service.ts';

const hostile = '<img src=x onerror=alert(1)>';
const a = (n: string) => `0x${n.repeat(40)}` as `0x${string}`;

describe('explorer pages', () => {
  it('escape every value they show', () => {
    const tx: TxView = {
      hash: `0x${'1'.repeat(64)}`,
      status: 'reverted',
      blockNumber: 7n,
      timestamp: new Date(0),
      confirmations: 1n,
      from: a('a'),
      to: a('b'),
      toLabel: hostile,
      contractCreated: null,
      value: `0 ${hostile}`,
      gasUsed: 21000n,
      transfers: [{ token: a('c'), tokenLabel: hostile, from: a('a'), to: a('b'), amount: hostile }],
      otherEvents: [{ address: a('d'), label: hostile }],
    };
    const html = [
      txPage('/dev/explorer', tx),
      addressPage('/dev/explorer', { address: a('a'), label: hostile, nativeBalance: hostile, nonce: 0, tokens: [{ label: hostile, balance: hostile }], units: [], transfers: [] }),
      errorPage(400, hostile),
    ].join('\n');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<span class="bad">Reverted</span>');
  });
});
