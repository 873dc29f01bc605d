import pg from 'pg';

/** The machine's PostgreSQL, for tests that must see real concurrency. */
export const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Drops the PostgreSQL databases named with this run's prefix that are still there when the run
 * ends: a test that timed out or failed before its database's close() leaves one, and the
 * machine's PostgreSQL is shared by every run after it. Each is reported with the test file
 * that made it (test-database.ts writes it as the database's comment), so the leak can be fixed.
 */
export async function dropLeftTestDatabases(prefix: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch {
    return []; // no PostgreSQL on this machine: no test made a database there
  }
  const reports: string[] = [];
  try {
    const { rows } = await admin.query<{ datname: string; made_by: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS made_by
         FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname`,
      [prefix],
    );
    for (const { datname, made_by } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(datname)} WITH (FORCE)`);
      reports.push(`${datname}, made by ${made_by ?? 'an unknown test'}`);
    }
  } finally {
    await admin.end();
  }
  return reports;
}
