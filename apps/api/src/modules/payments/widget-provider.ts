import { eq } from 'drizzle-orm';
import type { WidgetSetup } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { PaymentProvider } from './start-payment.ts';
import { encodePayOrder } from './wert-calldata.ts';
import { commodityAmount, signScOptions } from './wert-signing.ts';
import type { WidgetSession } from '@starport/schemas';

/**
 * How long a widget order holds its stock: Wert's identity check and a card's 3-D Secure take
 * longer than a card checkout. A `payment_started` event holds it as long again from then.
 */
export const WIDGET_HOLD_MINUTES = 60;
/** storefront.md §9: "The card widget item name is 'Spaceship'." */
export const WIDGET_ITEM_NAME = 'Spaceship';

export const widgetHoldFromNow = () => new Date(Date.now() + WIDGET_HOLD_MINUTES * 60_000);

/** What the widget says is bought: a top-up by its own name ("Buy {n} Land Credit"), anything else as the spec's item. */
const itemNameOf = (order: { lines: { object: string; name: string }[] }): string => {
  const [only] = order.lines;
  return order.lines.length === 1 && only?.object === 'land_credit' ? only.name : WIDGET_ITEM_NAME;
};

/**
 * The fiat-to-crypto widget (Wert or its sandbox) as a provider of the start-payment workflow:
 * the session is the smart-contract call Wert will make for exactly our total, signed with our
 * key; the order code is its click_id, by which Wert's webhooks name the order.
 */
export function widgetProvider(d: {
  db: Db;
  setup: WidgetSetup;
  /** what orders record: 'wert', or 'wert-sandbox' for the sandbox widget */
  provider: string;
}): PaymentProvider<'widget', void, WidgetSession> {
  const { setup } = d;
  return {
    method: 'widget',
    providerName: d.provider,
    texts: {
      notHeld: 'the order closed before the widget opened',
      notAttached: 'the order closed before its widget session was attached',
      logLine: 'widget payment could not be started',
      failReason: 'the widget payment could not be started',
      answer502: 'The payment widget could not be started. Please try again.',
    },
    holdUntil: widgetHoldFromNow,
    async openSession(order, { userId }) {
      const total = BigInt(order.total_micro);
      const signedData = signScOptions(
        {
          // Where Wert sends the coins if our contract cannot be called: the player's wallet.
          address: (await walletOf(d.db, userId)) ?? setup.scAddress,
          commodity: setup.commodity,
          commodity_amount: commodityAmount(total),
          network: setup.network,
          sc_address: setup.scAddress,
          sc_input_data: encodePayOrder(order.code, total),
        },
        setup.privateKey,
      );
      return {
        sessionId: order.code,
        answer: {
          tid: order.code,
          partnerID: setup.partnerId,
          commodity: setup.commodity,
          network: setup.network,
          origin: setup.origin,
          signedData,
          totalUSD: order.total,
          click_id: order.code,
          item_name: itemNameOf(order),
        },
      };
    },
  };
}

async function walletOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, userId));
  return row?.wallet ?? null;
}
