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
