import { z } from 'zod';

/**
 * Paging, defined once for every list call: the `page` and `limit` query fields, their rules and
 * messages, and the page fields of an answer. Two query forms share the rules: the plain form
 * (orders, openings) coerces numbers, and the catalogue's text form (which also reads filters
 * from free text) checks the same rules in its transform; the wire shapes and the OpenAPI
 * output of each call are what they were when each wrote its own.
 */

const int = () => z.number().int();

/** The furthest page of the orders and openings lists. */
export const MAX_LIST_PAGE = 10_000;

/** The messages of a page number, whichever form reads it. */
export const pageNumberMessages = (field: string, max: number) => ({
  notWhole: `${field} must be a whole number.`,
  tooSmall: `${field} must be at least 1.`,
  tooBig: `${field} must be at most ${max}.`,
});

/** A page number in the plain form: from 1 to `max`, `fallback` when absent. */
export const pageNumber = (field: string, max: number, fallback: number) => {
  const msg = pageNumberMessages(field, max);
  return z.coerce.number({ error: msg.notWhole }).int(msg.notWhole).min(1, msg.tooSmall).max(max, msg.tooBig).default(fallback);
};

/** `?page=&limit=` in the plain form. */
export const pageQuerySchema = ({ defaultLimit, maxLimit }: { defaultLimit: number; maxLimit: number }) =>
  z.object({
    page: pageNumber('page', MAX_LIST_PAGE, 1).meta({ description: '1-based page number' }),
    limit: pageNumber('limit', maxLimit, defaultLimit).meta({
      description: `Page size, default ${defaultLimit}, at most ${maxLimit}`,
    }),
  });

/**
 * A page number in the text form: the number, or the message of the rule it breaks. An empty
 * value is the fallback; more than 9 digits is simply too big.
 */
export function readPageNumber(field: string, raw: string, fallback: number, max: number): number | { message: string } {
  if (!raw) return fallback;
  const msg = pageNumberMessages(field, max);
  if (!/^\d+$/.test(raw)) return { message: msg.notWhole };
  const n = raw.length > 9 ? Infinity : Number(raw);
  if (n < 1) return { message: msg.tooSmall };
  if (n > max) return { message: msg.tooBig };
  return n;
}

/** What a paged answer says about its page. */
export const pageFields = { total: int(), page: int(), limit: int() };
