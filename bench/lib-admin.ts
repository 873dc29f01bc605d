// One statement on the PostgreSQL server the benchmarks make their scratch databases on
// (CREATE DATABASE / DROP DATABASE … WITH (FORCE)), on a connection of its own.
import pg from 'pg';

export async function adminStatement(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
