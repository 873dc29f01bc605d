import type { ErrorCode } from '@starport/schemas';

/** The one error type: the handler turns it into `{ error: true, code, msg }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    msg: string,
    readonly headers?: Record<string, string>,
  ) {
    super(msg);
    this.name = 'AppError';
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
