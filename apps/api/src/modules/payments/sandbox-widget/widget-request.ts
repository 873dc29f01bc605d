import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { decodePayOrder } from '../wert-calldata.ts';
import { verifyScOptions } from '../wert-signing.ts';

/**
 * What the widget is opened with (the initializer's query string) and what the sandbox page
 * sends back to pay or fail: the click_id and the signed smart-contract options. The sandbox
 * plays Wert's part and accepts only what our server signed, for the order the click_id names.
 */
const field = (max: number) => z.string().trim().min(1).max(max);
export const WidgetRequestSchema = z.looseObject({
  click_id: field(64),
  address: field(128),
  commodity: field(32),
  commodity_amount: z.union([field(40), z.number()]),
  network: field(32),
  sc_address: field(64),
  sc_input_data: field(4096),
  signature: field(256),
});
export type WidgetRequest = z.infer<typeof WidgetRequestSchema>;

export type Checked =
  | { ok: true; request: WidgetRequest; code: string; amountMicro: bigint }
  | { ok: false; name: string; message: string };

export function checkWidgetRequest(input: unknown, publicKey: KeyObject): Checked {
  const parsed = WidgetRequestSchema.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      name: 'InvalidRequest',
      message: 'The payment request is incomplete: it was not made by the shop.',
    };
  const r = parsed.data;
  if (!verifyScOptions(r, r.signature, publicKey))
    return {
      ok: false,
      name: 'InvalidSignature',
      message: 'The payment request could not be verified: its signature is not the shop’s.',
    };
  const call = decodePayOrder(r.sc_input_data);
  if (!call || call.code !== r.click_id)
    return { ok: false, name: 'InvalidRequest', message: 'The payment request does not belong to this order.' };
  return { ok: true, request: r, code: call.code, amountMicro: call.amountMicro };
}
