// Seeds 1,000,000 listed marketplace items into the PostgreSQL of DATABASE_URL (use a scratch
// database), then reports what /api/marketplace/find costs on it (bench/explain-find.ts).
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/starport_bench node --import tsx bench/seed-million.ts
//   --listings=N  how many listed items to reach (default 1000000)
// Everything is generated inside PostgreSQL with generate_series (bench/lib-seed.ts).
import { openDatabase } from '../apps/api/src/db/client.ts';
import { explainFind } from './explain-find.ts';
import { seedListed } from './lib-seed.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('Set DATABASE_URL to a scratch PostgreSQL database (it gains a million rows).');
  process.exit(1);
}
const target = Number(/^--listings=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--listings=')) ?? '')?.[1] ?? 1_000_000);

const database = await openDatabase({ url });
try {
  const listed = await seedListed(database.db, target);
  console.log(`listed now: ${listed.toLocaleString('en-US')}`);
  await explainFind(database.db);
} finally {
  await database.close();
}
