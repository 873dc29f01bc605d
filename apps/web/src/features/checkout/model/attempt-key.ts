import { IDEMPOTENCY_KEY_HEADER } from '@starport/schemas/idempotency-key';
import { useRef } from 'react';
import { isApiError } from '../../../lib/api-client.ts';

/**
 * One checkout attempt's Idempotency-Key (docs/decisions/0025). Every call that opens a
 * payment sends it; the server answers a repeat with the first answer, so a double click or a
 * retry of the same attempt opens one order. The key lives until a call of the attempt gets
 * an answer the server decided; a network failure (the request may have arrived) or "still
 * being opened" keeps it, so trying again is the same attempt.
 */
export class AttemptKey {
  private current: string | null = null;

  async run<T>(open: (headers: Record<string, string>) => Promise<T>): Promise<T> {
    this.current ??= crypto.randomUUID();
    try {
      const answer = await open({ [IDEMPOTENCY_KEY_HEADER]: this.current });
      this.current = null;
      return answer;
    } catch (error) {
      if (!isApiError(error) || (error.status !== 0 && error.code !== 'IDEMPOTENCY_IN_PROGRESS')) this.current = null;
      throw error;
    }
  }
}

/** The attempt key of a component's payment button: the same object for its whole life. */
export function useAttemptKey(): AttemptKey {
  const ref = useRef<AttemptKey | null>(null);
  ref.current ??= new AttemptKey();
  return ref.current;
}
