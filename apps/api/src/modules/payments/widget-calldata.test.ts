import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { decodePayOrder, encodePayOrder, keccak256, selectorOf } from './wert-calldata.ts';
import { readWertEvent } from './wert-events.ts';
import { commodityAmount, microOf, publicKeyOf, signScOptions, verifyScOptions } from './wert-signing.ts';

const hexOf = (s: string) => Buffer.from(keccak256(new TextEncoder().encode(s))).toString('hex');

describe('the contract call Wert makes', () => {
  it('keccak-256 and selectors match Ethereum’s', () => {
    expect(hexOf('')).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(selectorOf('transfer(address,uint256)')).toBe('a9059cbb');
    expect(selectorOf('approve(address,uint256)')).toBe('095ea7b3');
    expect(selectorOf('balanceOf(address)')).toBe('70a08231');
  });

  it('payOrder(bytes32 code, uint256 amount) round-trips and refuses anything else', () => {
    const data = encodePayOrder('SP-ABCDEFGHJK', 94_990_000n);
    expect(data).toMatch(/^0x[0-9a-f]{136}$/);
    expect(data.slice(10, 36)).toBe(Buffer.from('SP-ABCDEFGHJK').toString('hex'));
    expect(BigInt(`0x${data.slice(74)}`)).toBe(94_990_000n);
    expect(decodePayOrder(data)).toEqual({ code: 'SP-ABCDEFGHJK', amountMicro: 94_990_000n });
    expect(decodePayOrder(data.toUpperCase().replace('0X', '0x'))).toEqual({
      code: 'SP-ABCDEFGHJK',
      amountMicro: 94_990_000n,
    });
    expect(decodePayOrder(`0xa9059cbb${data.slice(10)}`)).toBeNull();
    expect(decodePayOrder(data.slice(0, -2))).toBeNull();
    expect(() => encodePayOrder('SP-ABC', 0n)).toThrow();
    expect(() => encodePayOrder('x'.repeat(33), 1n)).toThrow();
  });
});

describe('signing the widget data', () => {
  const key = randomBytes(32).toString('hex');
  const options = {
    address: '0x96D5990185022212d367A0e09263B12Dbb4EE06A',
    commodity: 'USDC',
    commodity_amount: 94.99,
    network: 'base',
    sc_address: '0x000000000000000000000000000000000000c0de',
    sc_input_data: encodePayOrder('SP-ABCDEFGHJK', 94_990_000n),
  };

  it('Wert’s signer’s signature verifies with node:crypto; any changed field does not', () => {
    const signed = signScOptions(options, `0x${key}`);
    const pub = publicKeyOf(key);
    expect(verifyScOptions(signed, signed.signature, pub)).toBe(true);
    // As a query string gives them back: strings, commodity in any case.
    expect(verifyScOptions({ ...signed, commodity: 'usdc', commodity_amount: '94.99' }, signed.signature, pub)).toBe(
      true,
    );
    expect(verifyScOptions({ ...signed, commodity_amount: 94.98 }, signed.signature, pub)).toBe(false);
    expect(verifyScOptions({ ...signed, address: `${signed.address.slice(0, -1)}B` }, signed.signature, pub)).toBe(
      false,
    );
    expect(verifyScOptions(signed, signed.signature, publicKeyOf(randomBytes(32).toString('hex')))).toBe(false);
    expect(verifyScOptions(signed, 'zz', pub)).toBe(false);
  });

  it('amounts: micro → the widget’s number, and Wert’s decimals → micro exactly', () => {
    expect(commodityAmount(94_990_000n)).toBe(94.99);
    expect(commodityAmount(250_000_000n)).toBe(250);
    expect(commodityAmount(1_234_567n)).toBe(1.234567);
    expect(microOf('94.99')).toBe(94_990_000n);
    expect(microOf(94.99)).toBe(94_990_000n);
    expect(microOf('250')).toBe(250_000_000n);
    expect(microOf('1.2345670')).toBe(1_234_567n);
    expect(microOf('1.2345678')).toBeNull();
    expect(microOf('1e3')).toBeNull();
    expect(microOf('-5')).toBeNull();
    expect(microOf(null)).toBeNull();
  });
});

describe('reading Wert webhook bodies', () => {
  it('the nested order and the flat fields both read', () => {
    expect(
      readWertEvent({
        type: 'order_complete',
        click_id: 'SP-1',
        order: { id: 'W1', base: 'USDC', base_amount: '5', transaction_id: '0x1' },
      }),
    ).toMatchObject({
      type: 'order_complete',
      clickId: 'SP-1',
      orderId: 'W1',
      commodity: 'USDC',
      commodityAmount: '5',
      txId: '0x1',
    });
    expect(
      readWertEvent({
        type: 'order_complete',
        click_id: 'SP-1',
        order_id: 'W2',
        commodity: 'USDC',
        commodity_amount: 5,
      }),
    ).toMatchObject({ orderId: 'W2', commodity: 'USDC', commodityAmount: 5, scInputData: null });
    // Fields not known yet may come empty or null.
    expect(
      readWertEvent({
        type: 'order_failed',
        click_id: 'SP-1',
        order: { id: 'W3', transaction_id: null, quote: '', base_amount: null },
      }),
    ).toMatchObject({ orderId: 'W3', txId: null, currency: null, commodityAmount: null });
    expect(readWertEvent({ nope: 1 })).toBeNull();
    expect(readWertEvent('order_complete')).toBeNull();
  });
});

describe('widget provider configuration', () => {
  const base = {
    DATA_DIR: '/tmp/starport-test-unused',
    JWT_ACCESS_SECRET: 'x'.repeat(40),
    PUBLIC_URL: 'https://shop.test',
  };
  const wert = {
    WERT_PARTNER_ID: '01GCRJZ1P7GP32304PZCS6RSPD',
    WERT_PRIVATE_KEY: `0x${'ab'.repeat(32)}`,
    WERT_SC_ADDRESS: `0x${'12'.repeat(20)}`,
    WERT_WEBHOOK_SECRET: 'w'.repeat(32),
    WERT_API_KEY: 'wert-prod-key',
  };

  it('Wert with its keys, the sandbox with none, nothing in production without keys', () => {
    const w = loadConfig({ ...base, ...wert }).widget;
    expect(w).toMatchObject({
      provider: 'wert',
      origin: 'https://widget.wert.io',
      dataApiUrl: 'https://partner.wert.io',
      commodity: 'USDC',
      network: 'base',
    });
    expect(loadConfig({ ...base, ...wert, WERT_ORIGIN: 'https://sandbox.wert.io' }).widget).toMatchObject({
      dataApiUrl: 'https://partner-sandbox.wert.io',
    });
    const sandbox = loadConfig(base).widget;
    expect(sandbox).toMatchObject({
      provider: 'sandbox',
      origin: 'https://shop.test/sandbox/wert',
      partnerId: 'starport-sandbox',
    });
    expect(sandbox.provider === 'sandbox' && /^[0-9a-f]{64}$/.test(sandbox.privateKey)).toBe(true);
    // Kept: the same key after a restart.
    expect(loadConfig(base).widget).toEqual(sandbox);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).widget.provider).toBe('off');
    expect(loadConfig({ ...base, NODE_ENV: 'production', WIDGET_PROVIDER: 'sandbox' }).widget.provider).toBe('sandbox');
  });

  it('refuses half a Wert configuration, and the sandbox alongside Wert keys', () => {
    expect(() => loadConfig({ ...base, WERT_PARTNER_ID: 'p1' })).toThrow(/together/);
    expect(() => loadConfig({ ...base, ...wert, WERT_API_KEY: '' })).toThrow(/WERT_API_KEY/);
    expect(() => loadConfig({ ...base, ...wert, WERT_SC_ADDRESS: '' })).toThrow(/WERT_SC_ADDRESS/);
    expect(() => loadConfig({ ...base, WIDGET_PROVIDER: 'wert' })).toThrow(/needs/);
    expect(() => loadConfig({ ...base, ...wert, WIDGET_PROVIDER: 'sandbox' })).toThrow(/sandbox/);
    expect(() => loadConfig({ ...base, ...wert, WERT_PRIVATE_KEY: '0x1234' })).toThrow(/WERT_PRIVATE_KEY/);
  });
});
