import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/app-error.ts';

export const MALFORMED_UNICODE_MESSAGE = 'The request body contains malformed Unicode text (a lone UTF-16 surrogate such as \\ud800).';

/**
 * JSON bodies, parsed once for every call. JSON may escape half of a surrogate pair
 * (`"\ud800"`), which JavaScript keeps as a string that is not text: PostgreSQL, hashing and
 * UTF-8 encoding each fail or silently change it, deep inside whichever handler meets it first.
 * So the parser refuses it here, in any string or key, before a route sees the body.
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    // Fastify's own parser (secure-json-parse, refusing __proto__ and constructor poisoning).
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      parseJson(req, body as string, (err, value) => {
        if (err) return done(err, undefined);
        if (!isWellFormedJson(value)) return done(badRequest(MALFORMED_UNICODE_MESSAGE), undefined);
        done(null, value);
      });
    });
  },
  { name: 'json-body' },
);

/** With the u flag a surrogate pair is one code point, so only a lone half is category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * True when every string and every key in a parsed JSON value is well-formed UTF-16. A loop,
 * not recursion: a 256 KB body can nest arrays deeper than the call stack.
 */
export function isWellFormedJson(value: unknown): boolean {
  const isText = (s: string) => !LONE_SURROGATE.test(s);
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!isText(next)) return false;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (!isText(key)) return false;
        pending.push(inner);
      }
    }
  }
  return true;
}
