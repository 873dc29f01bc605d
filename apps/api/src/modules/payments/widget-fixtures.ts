import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { bearer, type TestApp } from '../../../test/harness.ts';
import type { DbOrTx } from '../../db/client.ts';
import { blindBoxes, blindBoxTiers } from '../../db/schema/index.ts';
import { orderByCode } from './payments.fixtures.ts';
import type { WidgetSession } from '@starport/schemas';

/** Test fixtures for widget payments: a session through the real call, and Wert-shaped webhooks. */

export type StartedWidget = WidgetSession & { id: number; totalMicro: bigint };

/** POST /api/shop_payment/wertio for some lines, as the player `token`; 200 expected. */
export async function startWidget(
  t: TestApp,
  token: string,
  ids: { id: string; total: number; object: 'spaceship' | 'blindbox' }[],
): Promise<StartedWidget> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop_payment/wertio',
    payload: { ids },
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = (res.json() as { data: WidgetSession }).data;
  const order = await orderByCode(t.database.db, data.tid);
  return { ...data, id: order.id, totalMicro: BigInt(order.total_micro) };
}

/** A blind box on sale ($250), every tier stocked: 'blindbox-<code>' in a cart. */
export async function addTestBlindBox(db: DbOrTx, code: string, name: string): Promise<void> {
  await db.insert(blindBoxes).values({
    code,
    name,
    description: 'A box for widget tests.',
    salePriceMicro: 250_000_000,
    listPriceMicro: 1_000_000_000,
    oddsCommonBps: 7000,
    oddsRareBps: 2000,
    oddsEpicBps: 900,
    oddsLegendaryBps: 100,
  });
  for (const rarity of [0, 1, 2, 3]) await db.insert(blindBoxTiers).values({ boxCode: code, rarity, supply: 100 });
}

/** A Wert webhook body for a session (docs.wert.io "Webhooks"), with what it paid. */
export function wertEvent(
  type: string,
  s: Pick<WidgetSession, 'click_id' | 'signedData'>,
  o: { orderId?: string; amount?: string | number; commodity?: string; scInputData?: string } = {},
): Record<string, unknown> {
  return {
    type,
    click_id: s.click_id,
    order: {
      id: o.orderId ?? `01TEST${randomBytes(8).toString('hex').toUpperCase()}`,
      base: o.commodity ?? s.signedData.commodity,
      base_amount: String(o.amount ?? s.signedData.commodity_amount),
      quote: 'EUR',
      quote_amount: '1.00',
      address: s.signedData.address,
      transaction_id: `0x${randomBytes(32).toString('hex')}`,
      sc_address: s.signedData.sc_address,
      sc_input_data: o.scInputData ?? s.signedData.sc_input_data,
    },
    user: { user_id: '01TESTUSER' },
  };
}

/** POST the body to our webhook under a secret address. */
export const postWebhook = (t: TestApp, secret: string | null, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: secret === null ? '/api/wert/webhook' : `/api/wert/webhook/${secret}`,
    payload: body as Record<string, unknown>,
  });
