import { env } from '../config/env.ts';
import { ApiError, errorFromBody, networkError } from './api-error.ts';
import { getAccessToken } from './session-storage.ts';
import { REFRESH_PATH, refreshAccessToken } from './token-refresh.ts';

export { ApiError } from './api-error.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: Method;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** false: never send the access token (e.g. logout, which identifies the session by body). */
  auth?: boolean;
  signal?: AbortSignal;
  /** extra request headers (e.g. a payment call's Idempotency-Key) */
  headers?: Record<string, string>;
};

/** 401 codes that mean "your access token is stale"; others (wrong password…) are final. */
const TOKEN_CODES = new Set(['TOKEN_EXPIRED', 'UNAUTHORIZED', 'HTTP_401']);

const buildUrl = (path: string, query?: RequestOptions['query']): string => {
  const url = `${env.apiUrl}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
};

async function send(
  path: string,
  options: RequestOptions,
  token: string | null,
): Promise<{ response: Response; body: unknown }> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error; // a cancelled query is not a network failure
    throw networkError();
  }
  const body: unknown = await response.json().catch(() => null);
  return { response, body };
}

const failed = (response: Response, body: unknown): boolean =>
  !response.ok || (typeof body === 'object' && body !== null && (body as { error?: unknown }).error === true);

/**
 * JSON request to the API. Signed in, it sends `Authorization: Bearer <jwt>`; on a 401 for a
 * stale token it refreshes once (shared by all waiting requests and tabs) and retries once.
 * Failures reject with an ApiError carrying the server's code and msg.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.auth === false ? null : getAccessToken();
  let { response, body } = await send(path, options, token);

  if (response.status === 401 && token && path !== REFRESH_PATH) {
    const error = errorFromBody(401, body);
    if (TOKEN_CODES.has(error.code)) {
      const fresh = await refreshAccessToken(token);
      ({ response, body } = await send(path, options, fresh));
    }
  }

  if (failed(response, body)) throw errorFromBody(response.status, body);
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body: body ?? {} }),
};

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
