import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { IDEMPOTENCY_KEY_HOURS } from '@starport/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { claimKey, dropExpiredKeys, forgetKey, keepAnswer, readKey } from './idempotency.repo.ts';

export const KEY_REUSED_MSG =
  'This Idempotency-Key was already used for a different request. Start a new checkout to pay for something else.';
export const IN_PROGRESS_MSG = 'This payment is still being opened. Please try again in a moment.';

/** How long a repeat waits for the first request's answer before it is told to retry. */
const WAIT_FOR_FIRST_MS = 30_000;
const FIRST_PAUSE_MS = 20;
const LONGEST_PAUSE_MS = 250;

export type IdempotencyOptions = { db: Db; waitForFirstMs?: number };

/** Same JSON whatever the order of an object's keys: the fingerprint is of the request, not its spelling. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

const fingerprintOf = (req: FastifyRequest) =>
  createHash('sha256')
    .update(JSON.stringify([req.method, req.routeOptions.url, canonical(req.body ?? null)]))
    .digest('hex');

/**
 * Runs a payment-opening call once per Idempotency-Key (docs/decisions/0025). Without the
 * header it simply runs. With it, the first request claims (player, key) by its primary key
 * and runs; its 200 answer is kept for IDEMPOTENCY_KEY_HOURS and every repeat gets that answer
 * (waiting while the first still runs). An error keeps nothing: it opened no order anyone can
 * pay (start-payment fails the order it opened), so the same key may try again.
 */
export async function answerOnce<T>(
  o: IdempotencyOptions,
  req: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<T>,
): Promise<T> {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string') return run();
  const { userId } = callerOf(req);
  const fingerprint = fingerprintOf(req);
  await dropExpiredKeys(o.db, userId);

  const deadline = Date.now() + (o.waitForFirstMs ?? WAIT_FOR_FIRST_MS);
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    const expiresAt = new Date(Date.now() + IDEMPOTENCY_KEY_HOURS * 3_600_000);
    if (await claimKey(o.db, userId, key, fingerprint, expiresAt)) return runFirst(o.db, userId, key, run);
    const held = await readKey(o.db, userId, key);
    // Gone between the two statements (the first failed, or it expired): claim it again.
    if (!held) continue;
    if (held.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED', 422, KEY_REUSED_MSG);
    if (held.answer !== null) {
      reply.header('idempotent-replayed', 'true');
      return JSON.parse(held.answer) as T;
    }
    if (Date.now() >= deadline) throw new AppError('IDEMPOTENCY_IN_PROGRESS', 409, IN_PROGRESS_MSG);
    await delay(pause);
  }
}

async function runFirst<T>(db: Db, userId: string, key: string, run: () => Promise<T>): Promise<T> {
  let answer: T;
  try {
    answer = await run();
  } catch (err) {
    await forgetKey(db, userId, key);
    throw err;
  }
  await keepAnswer(db, userId, key, answer);
  return answer;
}
