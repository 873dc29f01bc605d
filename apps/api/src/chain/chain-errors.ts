import { BaseError } from 'viem';

/** Any http(s) or ws(s) address in a text. */
const URL_IN_TEXT = /\b(?:https?|wss?):\/\/[^\s"'<>,)]+/gi;

/**
 * A chain error as one line that is safe to log and to keep in jobs.last_error. Provider RPC
 * addresses carry their API key in the path or the query (…/v2/KEY, ?apikey=…), and viem puts
 * the whole address, the request body and its version into an error's message: only viem's
 * short message (and its details: the node's own words) is kept, and every address is cut to
 * its origin (scheme, host, port — never a path, a query or user:password@).
 */
export function describeChainError(err: unknown): string {
  let text: string;
  if (err instanceof BaseError) {
    text = `${err.name}: ${err.shortMessage}`;
    if (err.details && err.details !== err.shortMessage) text += ` (${err.details})`;
    // Which RPC failed (HttpRequestError, TimeoutError): its origin is cut out below.
    const url = (err as { url?: unknown }).url;
    if (typeof url === 'string') text += ` at ${url}`;
  } else if (err instanceof Error) {
    text = `${err.name}: ${err.message}`;
  } else {
    text = String(err);
  }
  // A node's raw revert data can carry NUL and other control bytes, which PostgreSQL text refuses
  // (jobs.last_error, failure columns): they are dropped here, once for every caller.
  return text.replace(URL_IN_TEXT, originOf).replace(CONTROL_BYTES, '').replace(/\s+/g, ' ').trim();
}

// eslint-disable-next-line no-control-regex -- matching control bytes is the point
const CONTROL_BYTES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '[address]';
  }
}
