import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  checkoutParams,
  lineItems,
  sessionExpiry,
  sessionMinimumHold,
  shopReturnUrl,
  sumOf,
  toCents,
  topUpReturnUrl,
  type OrderForCheckout,
} from './checkout-session.ts';

const order = (o: Partial<OrderForCheckout> = {}): OrderForCheckout => ({
  code: 'SP-ABCDEFGHJK',
  total_micro: '240000000',
  discount_micro: '0',
  discount_percent: 0,
  expires_at: new Date().toISOString(),
  lines: [{ name: 'Comet', total: 2, sell_price_micro: '120000000' }],
  ...o,
});

describe('checkout session parameters', () => {
  it('cents are exact or refused', () => {
    expect(toCents('94990000')).toBe(9_499);
    expect(() => toCents('1234567')).toThrow();
  });

  it('per-line items when they add up to the total, one line when a discount does not spread', () => {
    expect(lineItems(order())).toHaveLength(1);
    expect(lineItems(order())[0]).toMatchObject({ quantity: 2, price_data: { unit_amount: 12_000, currency: 'usd' } });
    const discounted = order({
      total_micro: '94990000',
      discount_micro: '5000000',
      discount_percent: 5,
      lines: [
        { name: 'A', total: 2, sell_price_micro: '33330000' },
        { name: 'B', total: 1, sell_price_micro: '33330000' },
      ],
    });
    const items = lineItems(discounted);
    expect(items).toHaveLength(1);
    expect(sumOf(items)).toBe(9_499);
    expect(items[0]!.price_data!.product_data!.description).toContain('5% volume discount');
  });

  it('the session lapses with the order, inside Stripe’s 30 min – 24 h window', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(sessionExpiry(now + 30 * 60_000, now)).toBe(now / 1000 + 31 * 60);
    expect(sessionExpiry(now + 120 * 60_000, now)).toBe(now / 1000 + 120 * 60);
    expect(sessionExpiry(now + 48 * 3_600_000, now)).toBe(now / 1000 + 24 * 3600 - 60);
  });

  it('an order held for sessionMinimumHold lapses with a session opened within the next minute', () => {
    const opened = Date.UTC(2026, 0, 1, 0, 0, 0, 400);
    const held = sessionMinimumHold(opened);
    expect(held.getTime() % 1000).toBe(0);
    for (const later of [0, 1_000, 59_000])
      expect(sessionExpiry(held.getTime(), opened + later) * 1000).toBe(held.getTime());
  });

  it('success and cancel addresses carry the order code; the metadata too', () => {
    const p = checkoutParams(order(), { returnUrl: shopReturnUrl('https://x.test'), expiresAt: 1 });
    expect(p).toMatchObject({
      mode: 'payment',
      client_reference_id: 'SP-ABCDEFGHJK',
      metadata: { order_code: 'SP-ABCDEFGHJK' },
      success_url: 'https://x.test/shop/stripe_payment/success?order=SP-ABCDEFGHJK',
      cancel_url: 'https://x.test/shop/stripe_payment/cancel?order=SP-ABCDEFGHJK',
      expires_at: 1,
    });
  });

  it('a land-credit top-up comes back to the land page with the result and the order code', () => {
    const p = checkoutParams(order(), { returnUrl: topUpReturnUrl('https://x.test'), expiresAt: 1 });
    expect(p.success_url).toBe('https://x.test/assets?topup=success&order=SP-ABCDEFGHJK');
    expect(p.cancel_url).toBe('https://x.test/assets?topup=cancel&order=SP-ABCDEFGHJK');
  });
});

describe('card provider configuration', () => {
  const base = { DATA_DIR: '/tmp/starport-test-unused', JWT_ACCESS_SECRET: 'x'.repeat(40) };
  it('Stripe with both keys, the sandbox with neither, nothing in production without keys', () => {
    expect(
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).card.provider,
    ).toBe('stripe');
    const sandbox = loadConfig(base).card;
    expect(sandbox.provider).toBe('sandbox');
    expect(sandbox.provider === 'sandbox' && sandbox.webhookSecret.startsWith('whsec_')).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).card.provider).toBe('off');
    expect(loadConfig({ ...base, NODE_ENV: 'production', CARD_PROVIDER: 'sandbox' }).card.provider).toBe('sandbox');
  });
  it('refuses one key without the other, and the sandbox alongside real keys', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/together/);
    expect(() => loadConfig({ ...base, CARD_PROVIDER: 'stripe' })).toThrow(/needs/);
    expect(() =>
      loadConfig({
        ...base,
        CARD_PROVIDER: 'sandbox',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      }),
    ).toThrow(/sandbox/);
  });
});
