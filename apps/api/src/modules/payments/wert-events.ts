import { z } from 'zod';

/**
 * Wert's webhook bodies (docs.wert.io "Webhooks"): `{ type, click_id, order: { id, base,
 * base_amount, quote, quote_amount, address, transaction_id, … }, user: { … } }`. Wert's own
 * documentation also lists the order fields flat (order_id, commodity, commodity_amount, …):
 * both are read. Fields we do not use are kept out; unknown types are acknowledged and ignored.
 */
export const WERT_PAID = 'order_complete';
export const WERT_FAILED = ['order_failed', 'order_canceled', 'order_cancelled'] as const;
export const WERT_STARTED = 'payment_started';

/** A text field; Wert may send it empty or null before it is known (a transaction id): both are null. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null);
const amount = z.union([z.string().max(40), z.number()]);

const OrderSchema = z.looseObject({
  id: text(128).nullish(),
  base: text(32).nullish(),
  base_amount: amount.nullish(),
  quote: text(16).nullish(),
  quote_amount: amount.nullish(),
  address: text(128).nullish(),
  transaction_id: text(256).nullish(),
  sc_address: text(64).nullish(),
  sc_input_data: text(4096).nullish(),
});

const BodySchema = z.looseObject({
  type: z.string().trim().min(1).max(64),
  click_id: text(128).nullish(),
  order: OrderSchema.nullish(),
  order_id: text(128).nullish(),
  commodity: text(32).nullish(),
  commodity_amount: amount.nullish(),
  currency: text(16).nullish(),
  currency_amount: amount.nullish(),
  transaction_id: text(256).nullish(),
  sc_address: text(64).nullish(),
  sc_input_data: text(4096).nullish(),
});

export type WertEvent = {
  type: string;
  clickId: string | null;
  /** Wert's id of its order: one payment, the key of its `paid` event */
  orderId: string | null;
  commodity: string | null;
  commodityAmount: string | number | null;
  currency: string | null;
  currencyAmount: string | number | null;
  txId: string | null;
  scAddress: string | null;
  scInputData: string | null;
};

/** A webhook body as one flat event, or null when it is not a Wert event at all. */
export function readWertEvent(body: unknown): WertEvent | null {
  const parsed = BodySchema.safeParse(body);
  if (!parsed.success) return null;
  const b = parsed.data;
  const o = b.order ?? {};
  return {
    type: b.type,
    clickId: b.click_id ?? null,
    orderId: o.id ?? b.order_id ?? null,
    commodity: o.base ?? b.commodity ?? null,
    commodityAmount: o.base_amount ?? b.commodity_amount ?? null,
    currency: o.quote ?? b.currency ?? null,
    currencyAmount: o.quote_amount ?? b.currency_amount ?? null,
    txId: o.transaction_id ?? b.transaction_id ?? null,
    scAddress: o.sc_address ?? b.sc_address ?? null,
    scInputData: o.sc_input_data ?? b.sc_input_data ?? null,
  };
}
