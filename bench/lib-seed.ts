// The seeding of the benchmarks: demo catalogue, then generated ships and DNC listings up to a
// target, all inside PostgreSQL with generate_series (no rows cross the wire). Used by
// seed-million.ts and find-http.ts.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/api/src/db/client.ts';
import { seedDemoCatalogue } from '../apps/api/src/modules/catalogue/seed.ts';

/** Share of the bench listings that are DNC packs; the rest are ships, one listing each. */
const DNC_SHARE = 0.1;

/** Seeds the demo catalogue and enough listings to reach `target` listed items; returns the listed count. */
export async function seedListed(db: Db, target: number): Promise<number> {
  if (await seedDemoCatalogue(db)) console.log('demo catalogue loaded (types, units, packs, box, 3000 ships)');
  const listed = await listedCount(db);
  if (listed < target) await seedListings(db, target - listed);
  return listedCount(db);
}

export async function listedCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: string }>(db, sql`SELECT sum(listed)::text AS n FROM listing_counts`);
  return Number(row?.n ?? 0);
}

async function timed(label: string, run: () => Promise<unknown>) {
  const t = performance.now();
  await run();
  console.log(`${label.padEnd(44)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

async function seedListings(db: Db, missing: number) {
  const dnc = Math.floor(missing * DNC_SHARE);
  const shipCount = missing - dnc;
  console.log(`seeding ${missing.toLocaleString('en-US')} listings: ${shipCount.toLocaleString('en-US')} ships, ${dnc.toLocaleString('en-US')} DNC packs`);
  const [base] = await queryRows<{ max_id: number; legendary_left: number }>(
    db,
    sql`SELECT coalesce(max(id), 0)::int AS max_id, (150 - count(legendary_serial))::int AS legendary_left FROM ships`,
  );
  const { max_id: maxId, legendary_left: legendaryLeft } = base!;
  // h is a cheap, fixed pseudo-random number per row (Knuth's multiplicative hash).
  await timed('ships', () =>
    db.execute(sql`
      INSERT INTO ships (id, element, rarity, name, description, health, healing, gun_damage, rocket_damage, defense,
                         afterburner, rocket_recharge_time, rocket_fire_rate, art_seed, legendary_serial)
      SELECT ${maxId} + g, g % 3, r.rarity, 'Bench ship ' || g, 'A generated ship for the million-item benchmark.',
             1000 + r.rarity * 500 + h % 300, 20 + r.rarity * 15 + h % 10, 40 + r.rarity * 25 + h % 20, 120 + r.rarity * 80 + h % 40,
             30 + r.rarity * 20 + h % 15, 100 + r.rarity * 40 + h % 30, 6000 - r.rarity * 1000 - h % 500, 10 + r.rarity * 3 + h % 3,
             (h % 2147483646 + 1)::int, CASE WHEN r.rarity = 3 THEN (150 - ${legendaryLeft} + g)::smallint END
      FROM generate_series(1, ${shipCount}) g
      CROSS JOIN LATERAL (SELECT (g::bigint * 2654435761) % 4294967296 AS h) x
      CROSS JOIN LATERAL (SELECT CASE WHEN g <= ${legendaryLeft} THEN 3 WHEN h % 100 < 60 THEN 0 WHEN h % 100 < 88 THEN 1 ELSE 2 END AS rarity) r`),
  );
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('ships', 'id'), (SELECT max(id) FROM ships))`);
  await timed('ship listings (newest within 180 days)', () =>
    db.execute(sql`
      INSERT INTO marketplace_listings (kind, ship_id, element, rarity, price_micro, sell_price_micro, minted, listed_at)
      SELECT 'ship', s.id, s.element, s.rarity, p.sell * 5 / 4, p.sell, s.id % 10 < 7, now() - (h % 15552000) * interval '1 second'
      FROM ships s
      CROSS JOIN LATERAL (SELECT (s.id::bigint * 2654435761) % 4294967296 AS h) x
      CROSS JOIN LATERAL (SELECT ((ARRAY[15, 80, 300, 2500])[s.rarity + 1] * 100
                                  + h % ((ARRAY[105, 320, 1200, 9500])[s.rarity + 1] * 100))::bigint * 10000 AS sell) p
      WHERE s.id > ${maxId}`),
  );
  await timed('DNC listings', () =>
    db.execute(sql`
      INSERT INTO marketplace_listings (kind, dnc_pack_id, price_micro, sell_price_micro, listed_at)
      SELECT 'dnc', d.id, d.price_micro, d.price_micro * (80 + h % 41) / 100, now() - (h % 15552000) * interval '1 second'
      FROM generate_series(1, ${dnc}) g
      CROSS JOIN LATERAL (SELECT (g::bigint * 2246822519) % 4294967296 AS h) x
      JOIN dnc_packs d ON d.id = 1 + g % 6`),
  );
  // Fresh statistics for the planner, and a visibility map so the id scans stay index-only.
  await timed('VACUUM ANALYZE', async () => {
    await db.execute(sql`VACUUM ANALYZE ships`);
    await db.execute(sql`VACUUM ANALYZE marketplace_listings`);
  });
  console.log(`listed now: ${(await listedCount(db)).toLocaleString('en-US')}`);
}
