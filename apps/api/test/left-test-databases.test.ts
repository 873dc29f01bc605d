import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dropLeftTestDatabases, POSTGRES_URL } from './left-test-databases.ts';
import { createTestDatabase } from './test-database.ts';

/** The PostgreSQL databases whose names start with `prefix`, with their comments. */
async function databasesNamed(prefix: string): Promise<{ datname: string; comment: string | null }[]> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string; comment: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS comment
         FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname`,
      [prefix],
    );
    return rows;
  } finally {
    await admin.end();
  }
}

async function makeDatabase(name: string, comment?: string): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  if (comment) await admin.query(`COMMENT ON DATABASE ${name} IS ${admin.escapeLiteral(comment)}`);
  await admin.end();
}

describe('test databases on the shared PostgreSQL', () => {
  // prefixes of this file's own, so the run's teardown and other files never meet these
  const mine = `starport_lefttest_${randomBytes(3).toString('hex')}_`;
  const another = `starport_lefttest_${randomBytes(3).toString('hex')}_`;
  afterAll(async () => {
    await dropLeftTestDatabases(mine);
    await dropLeftTestDatabases(another);
  });

  it("are named with the run's prefix, say which test made them, and are dropped on close", async () => {
    const prefix = inject('testDatabasePrefix');
    expect(prefix).toMatch(/^starport_test_[a-z0-9]+_$/);
    const database = await createTestDatabase('postgres');
    const name = new URL(database.url!).pathname.slice(1);
    expect(name.startsWith(prefix)).toBe(true);
    expect(await databasesNamed(name)).toEqual([
      { datname: name, comment: 'apps/api/test/left-test-databases.test.ts' },
    ]);
    await database.close();
    expect(await databasesNamed(name)).toEqual([]);
  });

  it("the run's end drops what is left under its prefix, says who left it, and leaves other prefixes alone", async () => {
    await makeDatabase(`${mine}a`, 'src/modules/some.test.ts');
    await makeDatabase(`${mine}b`);
    await makeDatabase(`${another}a`);
    expect(await dropLeftTestDatabases(mine)).toEqual([
      `${mine}a, made by src/modules/some.test.ts`,
      `${mine}b, made by an unknown test`,
    ]);
    expect(await databasesNamed(mine)).toEqual([]);
    expect(await databasesNamed(another)).toHaveLength(1);
    expect(await dropLeftTestDatabases(mine)).toEqual([]);
  });
});
