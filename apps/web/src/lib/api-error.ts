/** Messages the user sees when no server message is available (spec §7, §8). */
export const NETWORK_ERROR_MSG = 'Please try again, network error';
export const REFRESH_FAILED_MSG = 'Can not refresh token.';

/**
 * The one error type of the web app: `code` to branch on, `msg` to show (from the server's
 * `{ error: true, code, msg }` envelope), `status` the HTTP status (0 when the network failed).
 */
export class ApiError extends Error {
  readonly code: string;
  readonly msg: string;
  readonly status: number;

  constructor(code: string, msg: string, status: number) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.status = status;
  }
}

export const networkError = (): ApiError => new ApiError('NETWORK_ERROR', NETWORK_ERROR_MSG, 0);

/** Turns a non-OK answer into an ApiError, tolerating bodies that are not our envelope. */
export function errorFromBody(status: number, body: unknown): ApiError {
  const envelope = (body ?? {}) as { code?: unknown; msg?: unknown };
  const code = typeof envelope.code === 'string' ? envelope.code : `HTTP_${status}`;
  const msg =
    typeof envelope.msg === 'string' && envelope.msg
      ? envelope.msg
      : status === 429
        ? 'Too many requests. Please try again later.'
        : status >= 500
          ? 'Something went wrong. Please try again later.'
          : `Request failed (${status}).`;
  return new ApiError(code, msg, status);
}

/** A user-facing sentence for any thrown value. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.msg;
  return 'Something went wrong. Please try again.';
}
