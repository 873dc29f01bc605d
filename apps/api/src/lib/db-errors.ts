/** True when a PostgreSQL unique violation (23505) hit the named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pgErr = e as { code?: string; constraint?: string; message?: string };
    if (pgErr.code === '23505') {
      return !constraint || pgErr.constraint === constraint || Boolean(pgErr.message?.includes(constraint));
    }
  }
  return false;
}
