import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { isDatabaseUnavailable, isNulCharacterError } from '../lib/db-errors.ts';

const statusCodes: Record<number, AppError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'BAD_REQUEST',
  415: 'BAD_REQUEST',
  429: 'RATE_LIMITED',
};

export const NUL_MESSAGE = 'Text must not contain NUL characters.';
/** A database blip (restart, failover, a dropped connection): the request may simply be tried again. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Starport is briefly unavailable. Please try again in a moment.';

/** One error handler for the whole API: `{ error: true, code, msg }`; 5xx never leak internals. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      if (err instanceof AppError) {
        if (err.headers) reply.headers(err.headers);
        return reply.status(err.status).send({ error: true, code: err.code, msg: err.message });
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const first = err.validation[0];
        const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
        const where = err.validationContext ?? 'request';
        const msg = first?.message ?? 'Invalid request.';
        return reply.status(400).send({
          error: true,
          code: 'BAD_REQUEST',
          msg: field && !msg.includes(field) && /^(Invalid|Expected|Unrecognized|Too)/.test(msg) ? `${field}: ${msg}` : msg || `Invalid ${where}.`,
        });
      }
      if (isResponseSerializationError(err)) {
        req.log.error({ err, cause: err.cause }, 'response did not match its schema');
        return reply.status(500).send({ error: true, code: 'INTERNAL', msg: 'Something went wrong!' });
      }
      // PostgreSQL refuses NUL in text and jsonb: one answer here for every field of every call.
      if (isNulCharacterError(err)) {
        req.log.warn({ err }, 'the database refused a NUL character');
        return reply.status(400).send({ error: true, code: 'BAD_REQUEST', msg: NUL_MESSAGE });
      }
      // Nothing the player sent caused it and nothing was half-written (the transaction rolled
      // back with the connection): say so, and when to try again, instead of a bare 500.
      if (isDatabaseUnavailable(err)) {
        req.log.warn({ err }, 'the database connection failed; answered 503');
        return reply
          .status(503)
          .header('retry-after', '2')
          .send({ error: true, code: 'UNAVAILABLE', msg: DATABASE_UNAVAILABLE_MESSAGE });
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({
          error: true,
          code: statusCodes[status] ?? 'BAD_REQUEST',
          msg: clientMessage(err, status),
        });
      }
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ error: true, code: 'INTERNAL', msg: 'Something went wrong!' });
    });

    app.setNotFoundHandler((req, reply) =>
      reply.status(404).send({ error: true, code: 'NOT_FOUND', msg: `No such call: ${req.method} ${req.url.split('?')[0]}` }),
    );
  },
  { name: 'errors' },
);

/** Fastify's own 4xx (bad JSON, body too large, wrong content type) in a sentence for a person. */
function clientMessage(err: FastifyError, status: number): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON (Content-Type: application/json).';
    default:
      return status === 429 ? 'Too many requests. Please slow down.' : err.message || 'Invalid request.';
  }
}
