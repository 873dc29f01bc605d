// No zod here: the web's checkout imports these without loading the schemas.

/**
 * The header a payment-opening call may carry (docs/decisions/0025): the same key again from
 * the same player is answered with the first answer and opens nothing new.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** How long the server remembers a key and its answer. */
export const IDEMPOTENCY_KEY_HOURS = 24;
