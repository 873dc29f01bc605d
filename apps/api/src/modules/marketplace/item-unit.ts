import { sql } from 'drizzle-orm';
import type { MarketplaceItem, UnitCollection } from '@starport/schemas';
import type { UnitsChainConfig } from '../../config.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { iso, microToUsd, toMicro } from '../../lib/money.ts';

/** The collection's name as players see it on the unit page and on chain explorers. */
export const UNIT_COLLECTION_NAME = 'Starport Container Houses';
const TYPE_HISTORY_POINTS = 100;

/** What the unit page shows before the contract is deployed (config.ts has the same default chain). */
export const UNDEPLOYED_UNITS_CHAIN: UnitsChainConfig = { name: 'Base', contractAddress: null, explorerUrl: null };

/**
 * The collection's blockchain details from configuration. Nothing is invented: without a
 * configured contract the address and the explorer link are null and the page says so.
 */
export function unitCollection(chain: UnitsChainConfig): UnitCollection {
  const address = chain.contractAddress;
  return {
    name: UNIT_COLLECTION_NAME,
    token_standard: 'ERC1155',
    chain: chain.name,
    contract_address: address,
    // Etherscan and Blockscout style explorers (Basescan too) show a contract at /address/{address}.
    explorer_url: address && chain.explorerUrl ? `${chain.explorerUrl}/address/${address}` : null,
  };
}

/**
 * Sales of every apartment of one unit type, oldest first (the latest `limit`). Pieces of one
 * type are alike and a single apartment rarely sells, so the type's sales are the useful chart.
 */
export async function typePriceHistory(db: DbOrTx, unitType: number, limit = TYPE_HISTORY_POINTS) {
  const rows = await queryRows<{ sold_at: Date | string; price_micro: string }>(
    db,
    sql`SELECT sa.sold_at, sa.price_micro::text AS price_micro
        FROM house_units u
        JOIN marketplace_listings l ON l.house_unit_id = u.apartment
        JOIN marketplace_sales sa ON sa.listing_id = l.id
        WHERE u.type = ${unitType}
        ORDER BY sa.sold_at DESC, sa.id DESC LIMIT ${limit}`,
  );
  return rows.reverse().map((row) => {
    const price = toMicro(row.price_micro);
    return { sold_at: iso(row.sold_at), price: microToUsd(price), price_micro: price };
  });
}

/** Adds what the unit page needs to a unit's detail; ships and packs pass through unchanged. */
export async function withUnitDetails<T extends MarketplaceItem>(db: DbOrTx, chain: UnitsChainConfig, detail: T) {
  if (detail.kind !== 'house_unit' || detail.item.unit_type === undefined) return detail;
  return { ...detail, collection: unitCollection(chain), type_price_history: await typePriceHistory(db, detail.item.unit_type) };
}
