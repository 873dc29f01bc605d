import { z } from 'zod';
import { IDEMPOTENCY_KEY_HOURS } from './idempotency-key.ts';

export * from './idempotency-key.ts';

export const IDEMPOTENCY_KEY_MSG = 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.';

/** The request headers of a payment-opening call as its OpenAPI entry documents them; others pass. */
export const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, { error: IDEMPOTENCY_KEY_MSG })
    .optional()
    .meta({
      description:
        'A fresh random key for each checkout attempt (a UUID), sent again on a retry of the same attempt. ' +
        `For ${IDEMPOTENCY_KEY_HOURS} hours the same key from the same player gets the first answer again ` +
        '(header Idempotent-Replayed: true) and opens no second order; a repeat while the first still runs waits ' +
        'for it (409 IDEMPOTENCY_IN_PROGRESS if it takes too long: retry); the same key with another path or body is ' +
        'a 422 IDEMPOTENCY_KEY_REUSED. A refused or failed request keeps nothing: the same key may try again.',
    }),
});
