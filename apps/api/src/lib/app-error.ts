import type { ErrorCode } from '@starport/schemas';

/**
 * The one error type: the handler turns it into `{ error: true, code, msg }` with `status`.
 * A 4xx is an answer, not a fault: nobody reads its stack, and capturing one for each of a
 * drop's thousands of "sold out" answers cost more than deciding them (decision 0062).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, status: number, msg: string, headers?: Record<string, string>) {
    const stackDepth = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    try {
      super(msg);
    } finally {
      Error.stackTraceLimit = stackDepth;
    }
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.headers = headers;
  }
}

export const badRequest = (msg: string) => new AppError('BAD_REQUEST', 400, msg);
export const unauthorized = (msg = 'Please sign in to continue.') => new AppError('UNAUTHORIZED', 401, msg);
export const forbidden = (msg: string) => new AppError('FORBIDDEN', 403, msg);
export const notFound = (msg: string) => new AppError('NOT_FOUND', 404, msg);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 429, `Too many attempts. Please try again in ${formatWait(retryAfterSeconds)}.`, {
    'retry-after': String(retryAfterSeconds),
  });

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
