import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { AttemptKey } from '../model/attempt-key.ts';
import { buyListingByCard } from './buy-by-card.ts';
import { openItemWidgetPayment } from './buy-by-widget.ts';
import { openCryptoPayment } from './crypto-api.ts';

/**
 * A listing is bought at the price its buyer saw: each of the three payment calls carries the
 * listing's sell_price_micro as `price_micro`, so a seller's price change since is refused by
 * the server (409) instead of charged.
 */
const listing = { id: '7001', name: 'Vega Corsair', sell_price: 321.45, sell_price_micro: '321450000' };

afterEach(() => vi.unstubAllGlobals());

describe('the buyer’s expected price on a listing', () => {
  it('card: the listing line carries price_micro', async () => {
    const { calls } = mockFetch(() =>
      json(200, { error: false, msg: 'ok', data: 'https://pay.example', order: 'SP-1' }),
    );
    await buyListingByCard(listing);
    expect(calls.map((c) => c.body)).toEqual([
      { type: 2, items: [{ id: '7001', object: 'listing', total: 1, price_micro: '321450000' }] },
    ]);
  });

  it('widget: the item body names the listing and carries price_micro', async () => {
    const { calls } = mockFetch(() =>
      json(200, {
        error: false,
        tid: 'SP-1',
        partnerID: 'p',
        commodity: 'USDC',
        network: 'base',
        origin: 'https://w.example',
        signedData: {},
        totalUSD: 321.45,
        click_id: 'SP-1',
        item_name: 'Spaceship',
      }),
    );
    await openItemWidgetPayment(listing.id, { price_micro: listing.sell_price_micro });
    expect(calls.map((c) => c.body)).toEqual([{ id: '7001', object: 'listing', price_micro: '321450000' }]);
  });

  it('widget: a shop item is sent by its id alone', async () => {
    const { calls } = mockFetch(() => json(200, { error: false, tid: 'SP-2' }));
    await openItemWidgetPayment('shop1');
    expect(calls.map((c) => c.body)).toEqual([{ id: 'shop1' }]);
  });

  it('crypto: the buy_session body carries price_micro', async () => {
    const { calls } = mockFetch(() => json(200, { error: false, tid: 'SP-3' }));
    await openCryptoPayment({ kind: 'listing', listing }, new AttemptKey());
    expect(calls.map((c) => [new URL(c.url, 'http://x').pathname, c.body])).toEqual([
      ['/api/marketplace/buy_session', { id: '7001', price_micro: '321450000' }],
    ]);
  });
});
