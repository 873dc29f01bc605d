type PgError = { code: string; constraint?: string; message?: string };

/**
 * The PostgreSQL error with one of these SQLSTATEs in the chain, if any: drizzle wraps the
 * driver's error in `cause`, and both pg and PGlite put the SQLSTATE in `code`.
 */
function findPgError(err: unknown, codes: readonly string[]): PgError | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && codes.includes(code)) return e as PgError;
  }
  return undefined;
}

/** True when a PostgreSQL unique violation (23505) hit the named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pgErr = findPgError(err, ['23505']);
  if (!pgErr) return false;
  return !constraint || pgErr.constraint === constraint || Boolean(pgErr.message?.includes(constraint));
}

/**
 * True when PostgreSQL refused a NUL character (U+0000): text cannot hold one (22021
 * character_not_in_repertoire, "invalid byte sequence for encoding UTF8: 0x00") and jsonb
 * refuses the \u0000 escape (22P05 untranslatable_character). Any other JavaScript string
 * reaches the database as valid UTF-8, so these mean a NUL that came with the input.
 */
export function isNulCharacterError(err: unknown): boolean {
  return findPgError(err, ['22021', '22P05']) !== undefined;
}

/**
 * SQLSTATEs that mean the connection, not the statement, failed: class 08 (connection
 * exception), the server shutting down or refusing connections for now (57P01–57P03), and
 * too many connections (53300). Retrying the request a moment later can succeed.
 */
const CONNECTION_SQLSTATES = ['08000', '08001', '08003', '08004', '08006', '08007', '08P01', '57P01', '57P02', '57P03', '53300'];
/** Socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'];
/** node-postgres says these in words only, with no code. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
];

/**
 * True when the database could not be reached or dropped the connection (a restart, a
 * failover, pg_terminate_backend): the request failed for a passing reason, not because of
 * what it asked, so it is answered 503 and the process carries on.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (findPgError(err, CONNECTION_SQLSTATES) || findPgError(err, SOCKET_CODES)) return true;
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
