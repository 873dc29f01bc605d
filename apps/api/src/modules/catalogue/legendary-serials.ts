import { LEGENDARY_SUPPLY } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/** Held until the transaction ends by whoever creates Legendary ships (pg_advisory_xact_lock). */
const LEGENDARY_SERIAL_LOCK = 7321020;

/**
 * The `count` lowest Legendary serials (1..150) no ship holds yet, for ships the caller is
 * about to insert in this transaction. The lock queues creators one behind the other until
 * each commits, so two never pick the same serial; the unique serial and its 1..150 CHECK on
 * `ships` are the backstop. Returns fewer than `count` when the supply is exhausted.
 */
export async function claimLegendarySerials(tx: Tx, count: number): Promise<number[]> {
  if (count <= 0) return [];
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LEGENDARY_SERIAL_LOCK})`);
  const rows = await queryRows<{ serial: number }>(
    tx,
    sql`SELECT s::int AS serial FROM generate_series(1, ${LEGENDARY_SUPPLY}::int) s
        WHERE NOT EXISTS (SELECT 1 FROM ships WHERE legendary_serial = s)
        ORDER BY s LIMIT ${count}`,
  );
  return rows.map((r) => Number(r.serial));
}
