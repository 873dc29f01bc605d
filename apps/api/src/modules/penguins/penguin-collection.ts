import { dailyPenguinDnc, PENGUIN_BOOST_PERCENT, PENGUIN_RARITIES, penguinImagePath, type Penguin } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/**
 * The game's penguin collection (decision 0039): 40 penguins, each one of a kind. Their
 * rarity is fixed here so the collection is the same on every install: 24 Common, 10 Rare,
 * 5 Legendary and 1 "1 of 1".
 */
const NAMES = ['Pip', 'Waddles', 'Frost', 'Nova', 'Tux', 'Orbit', 'Comet', 'Skipper', 'Blizzard', 'Pebble'] as const;
const TITLES = ['Cadet', 'Scout', 'Navigator', 'Admiral'] as const;

export type CollectionPenguin = { id: number; name: string; rarity: 0 | 1 | 2 | 3; artSeed: number };

const rarityOf = (id: number): 0 | 1 | 2 | 3 => (id === 40 ? 3 : id > 34 ? 2 : id > 24 ? 1 : 0);

export const PENGUIN_COLLECTION: readonly CollectionPenguin[] = Array.from({ length: 40 }, (_, i) => {
  const id = i + 1;
  return { id, name: `${TITLES[i % TITLES.length]} ${NAMES[i % NAMES.length]} #${id}`, rarity: rarityOf(id), artSeed: Math.imul(id, 0x9e3779b1) >>> 0 };
});

/** Writes the collection (new penguins only); safe to run at every start. */
export async function seedPenguinCollection(db: DbOrTx): Promise<void> {
  const values = sql.join(
    PENGUIN_COLLECTION.map((p) => sql`(${p.id}::int, ${p.name}, ${p.rarity}::smallint, ${p.artSeed}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`INSERT INTO penguins (id, name, rarity, art_seed) VALUES ${values} ON CONFLICT (id) DO NOTHING`);
}

/** A penguin as every call shows it, at today's rate. */
export function penguinView(p: { penguinId: number; name: string; rarity: number; artSeed: number }, ratePerDay: number): Penguin {
  const rarity = p.rarity as 0 | 1 | 2 | 3;
  return {
    _id: String(p.penguinId),
    name: p.name,
    image: penguinImagePath(rarity, p.artSeed),
    rarity,
    rarity_name: PENGUIN_RARITIES[rarity],
    boost_percent: PENGUIN_BOOST_PERCENT[rarity],
    daily_dnc: dailyPenguinDnc(ratePerDay, rarity),
  };
}

/** The whole collection, by id, with whether someone owns each. */
export async function penguinCollection(db: DbOrTx, ratePerDay: number): Promise<(Penguin & { owned: boolean })[]> {
  const rows = await queryRows<{ id: number; name: string; rarity: number; art_seed: string | number; owned: boolean }>(
    db,
    sql`SELECT p.id, p.name, p.rarity, p.art_seed, EXISTS (SELECT 1 FROM owned_penguins o WHERE o.penguin_id = p.id) AS owned
        FROM penguins p ORDER BY p.id`,
  );
  return rows.map((r) => ({
    ...penguinView({ penguinId: Number(r.id), name: r.name, rarity: Number(r.rarity), artSeed: Number(r.art_seed) }, ratePerDay),
    owned: Boolean(r.owned),
  }));
}
