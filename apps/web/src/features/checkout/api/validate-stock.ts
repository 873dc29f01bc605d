import type { CartLine, MessageResponse } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

/** A line as the payment calls take it (the schema's cart line): `total` is the quantity, never a price. */
export type PaymentLine = CartLine;

/**
 * POST /api/shop_payment/stock_validate (docs/api-cart.md): the whole cart, before paying
 * (spec §4 "On the shop, a stock check runs first"). 409 names the first line that cannot be bought.
 */
export const validateStock = (ids: PaymentLine[]) =>
  api.post<MessageResponse>('/api/shop_payment/stock_validate', { ids }, { auth: false });
