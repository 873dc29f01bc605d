import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import {
  blindBoxes,
  blindBoxTiers,
  dncPacks,
  houseUnits,
  houseUnitTypes,
  marketplaceListings,
  marketplaceSales,
  ships,
  shopStock,
} from '../../db/schema/index.ts';
import { BLIND_BOX_ROW, DNC_PACK_ROWS, UNIT_TYPE_ROWS } from './definitions.ts';
import { demoBlindBoxTiers } from './demo-blind-box-tiers.ts';
import { demoMarket } from './demo-market.ts';
import { demoShips } from './demo-ships.ts';
import { insertAsJson } from './insert-as-json.ts';
import { Prng } from './prng.ts';

/** The one seed of the demo catalogue: change it and every demo database changes. */
export const DEMO_SEED = 0x5747_0001;
const SEED_LOCK = 7321010;

export type SeedOptions = {
  /** the moment the demo is anchored to (sales in the last 7 days are relative to it) */
  now?: Date;
};

/**
 * Loads the deterministic demo catalogue when the catalogue is empty: 3000 ships (100 of them
 * Legendary), the 6 DNC packs, the 5 unit types and 120 units, the Frontier Blind Box and its
 * tier supplies, marketplace listings, shop stock and past sales. The same `now` gives the same rows, to the
 * byte. Returns false (and writes nothing) when a catalogue exists.
 */
export async function seedDemoCatalogue(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    // Several API copies may start at once on PostgreSQL: one seeds, the others find rows.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const [state] = await queryRows<{ seeded: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM ships) OR EXISTS (SELECT 1 FROM house_unit_types) AS seeded`,
    );
    if (state?.seeded) return false;

    const rng = new Prng(DEMO_SEED);
    const shipRows = demoShips(rng, now);
    const market = demoMarket(rng, now, shipRows);

    await tx.insert(houseUnitTypes).values(UNIT_TYPE_ROWS);
    await tx.insert(houseUnits).values(market.houseUnits);
    await tx.insert(dncPacks).values(DNC_PACK_ROWS);
    await tx.insert(blindBoxes).values(BLIND_BOX_ROW);
    // Thousands of rows each: as JSON, one parameter a statement (insert-as-json.ts).
    await insertAsJson(tx, ships, shipRows);
    await tx.insert(blindBoxTiers).values(demoBlindBoxTiers(shipRows.filter((s) => s.rarity === 3).length));
    await insertAsJson(tx, marketplaceListings, market.listings);
    await insertAsJson(tx, marketplaceSales, market.sales);
    await insertAsJson(tx, shopStock, market.shop);
    // Rows carry explicit ids (so the seed is reproducible); move the identities past them.
    for (const table of ['ships', 'dnc_packs', 'marketplace_listings', 'marketplace_sales', 'shop_stock']) {
      await tx.execute(sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.identifier(table)}))`);
    }
    return true;
  });
}
