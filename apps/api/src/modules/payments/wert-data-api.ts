import { z } from 'zod';

/**
 * Wert's Data API (GET {partner host}/api/external/orders?search_by=…, header X-Api-Key): what
 * Wert itself says about one of its orders. Wert's webhooks carry no signature, so a completed
 * order is only believed once this answers `status: success` for it (docs/decisions/0016).
 */
export type WertOrderRecord = {
  order_id: string;
  click_id: string;
  status: string;
  /** e.g. "usdc.sc.base": commodity, kind, network */
  crypto: string;
  crypto_amount: string | number;
};

export interface WertOrderLookup {
  /** The order Wert knows by this id, or null when it knows none. Throws when Wert cannot be asked. */
  find(wertOrderId: string): Promise<WertOrderRecord | null>;
}

const RecordSchema = z.looseObject({
  order_id: z.string(),
  click_id: z.string().nullish(),
  status: z.string(),
  crypto: z.string().nullish(),
  crypto_amount: z.union([z.string(), z.number()]).nullish(),
});
const AnswerSchema = z.looseObject({ success: z.boolean(), data: z.array(z.unknown()).nullish() });

/** Wert answers a webhook within 5 seconds or counts it as failed; the lookup must fit inside. */
const LOOKUP_TIMEOUT_MS = 3_500;

export function wertDataApi(baseUrl: string, apiKey: string): WertOrderLookup {
  return {
    async find(wertOrderId) {
      const url = `${baseUrl}/api/external/orders?search_by=${encodeURIComponent(wertOrderId)}&limit=10`;
      const res = await fetch(url, {
        headers: { 'x-api-key': apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`Wert Data API answered ${res.status}`);
      const answer = AnswerSchema.parse(await res.json());
      if (!answer.success) throw new Error('Wert Data API answered success: false');
      for (const item of answer.data ?? []) {
        const r = RecordSchema.safeParse(item);
        if (r.success && r.data.order_id === wertOrderId)
          return {
            order_id: r.data.order_id,
            click_id: r.data.click_id ?? '',
            status: r.data.status,
            crypto: r.data.crypto ?? '',
            crypto_amount: r.data.crypto_amount ?? '',
          };
      }
      return null;
    },
  };
}
