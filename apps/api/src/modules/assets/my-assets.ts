import type { AssetListingSchema, MyAsset, MyAssetsFilter } from '@starport/schemas';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { microToUsd } from '../../lib/money.ts';
import { SHIP_COLUMNS, shipItem, UNIT_COLUMNS, unitItem, type ShipColumns, type UnitColumns } from '../catalogue/index.ts';
import type { ShipState } from '../../db/schema/index.ts';
import type { ShipMintStage } from './ship-mints.ts';
import { offChainHousePieces } from './house-pieces.ts';

/**
 * GET /api/my/assets: the player's live ship copies and container-house pieces in one list,
 * newest first, filtered by element, rarity, kind and the price they paid. An element or
 * rarity filter keeps ships only (units have neither). Both kinds are read through the
 * per-player indexes and paged together.
 *
 * Without a filter (the list as it opens) each kind gives at most the page's last row's worth of
 * its own newest rows, walked in its index's order, and only those are merged and sorted: a
 * player with 100,000 ships no longer has all of them sorted for page 1 (bench/owned-assets.ts).
 * With a filter the planner picks per call, as the filter's selectivity decides.
 */

export type AssetListing = z.infer<typeof AssetListingSchema>;
/** The open listings (listed or reserved) of these copies, by copy id; the marketplace answers it. */
export type OpenListingsLookup = (ownedShipIds: number[]) => Promise<Map<number, AssetListing>>;
/** A mint transaction in the NFT chain's block explorer, or null when it has none (handed in by app.ts). */
export type MintTxUrl = (txHash: string) => string | null;

const ELEMENT_CODES = { human: 0, ai: 1, alien: 2 } as const;

type Row = {
  kind: 'ship' | 'house_unit';
  id: string;
  pieces: number;
  state: ShipState;
  mint_stage: ShipMintStage | null;
  mint_tx: string | null;
  paid_micro: string | null;
  acquired_at: Date | string;
} & Partial<
  ShipColumns & UnitColumns
>;

/** Whether the list is unfiltered (kind aside): then each kind's branch can stop early. */
const unfiltered = (f: MyAssetsFilter) =>
  f.elements === null && f.rarities === null && f.priceFromMicro === null && f.priceToMicro === null;

/**
 * The player's assets as one union. `newest`: each branch returns only its newest `newest` rows
 * (by acquired_at, id), enough for a page ending there; used when the list is unfiltered.
 */
function mine(userId: string, f: MyAssetsFilter, newest?: number): SQL {
  const shipsOnly = f.elements !== null || f.rarities !== null;
  const wantShips = f.kinds === null || f.kinds.includes('ship');
  const wantUnits = !shipsOnly && (f.kinds === null || f.kinds.includes('house_unit'));
  const price = (column: SQL): SQL[] => [
    ...(f.priceFromMicro !== null ? [sql`${column} >= ${f.priceFromMicro.toString()}::bigint`] : []),
    ...(f.priceToMicro !== null ? [sql`${column} <= ${f.priceToMicro.toString()}::bigint`] : []),
  ];
  const shipWhere = [
    sql`o.user_id = ${userId}`,
    sql`o.disposed_at IS NULL`,
    ...(f.elements ? [sql`s.element IN (${sql.join(f.elements.map((e) => sql`${ELEMENT_CODES[e]}`), sql`, `)})`] : []),
    ...(f.rarities ? [sql`s.rarity IN (${sql.join(f.rarities.map((r) => sql`${r}`), sql`, `)})`] : []),
    ...price(sql`o.paid_micro`),
  ];
  // The ships table is joined only to filter by element or rarity: every copy's ship exists (FK).
  const shipsFrom = shipsOnly ? sql`owned_ships o JOIN ships s ON s.id = o.ship_id` : sql`owned_ships o`;
  // The per-player index of ships is (user_id, acquired_at DESC NULLS LAST, id DESC NULLS LAST):
  // the branch is ordered exactly so (NULLS LAST, though neither column is ever null, or the
  // planner will not walk the index), so it stops after `newest` index entries.
  const early = (alias: string): SQL =>
    newest === undefined
      ? sql``
      : sql` ORDER BY ${sql.raw(alias)}.acquired_at DESC NULLS LAST, ${sql.raw(alias)}.id DESC NULLS LAST LIMIT ${newest}`;
  const parts: SQL[] = [];
  if (wantShips)
    parts.push(sql`(SELECT 'ship' AS kind, o.id, o.ship_id, NULL::smallint AS apartment, 1 AS pieces, o.state, o.mint_stage, o.mint_tx, o.paid_micro, o.acquired_at
                   FROM ${shipsFrom} WHERE ${sql.join(shipWhere, sql` AND `)}${early('o')})`);
  if (wantUnits)
    parts.push(sql`(SELECT 'house_unit' AS kind, p.id, NULL::int AS ship_id, p.apartment, p.pieces, 'available' AS state, NULL::text AS mint_stage, NULL::text AS mint_tx, p.paid_micro, p.acquired_at
                   FROM ${offChainHousePieces(userId)} p WHERE ${sql.join([sql`p.user_id = ${userId}`, ...price(sql`p.paid_micro`)], sql` AND `)}${early('p')})`);
  if (parts.length === 0) return sql`SELECT NULL::text AS kind, NULL::bigint AS id, NULL::int AS ship_id, NULL::smallint AS apartment, 0 AS pieces, NULL::text AS state, NULL::text AS mint_stage, NULL::text AS mint_tx, NULL::bigint AS paid_micro, NULL::timestamptz AS acquired_at WHERE false`;
  return sql.join(parts, sql` UNION ALL `);
}

export async function myAssets(
  db: DbOrTx,
  userId: string,
  f: MyAssetsFilter,
  openListings: OpenListingsLookup,
  mintTxUrl: MintTxUrl,
): Promise<{ data: MyAsset[]; total: number }> {
  const [count] = await queryRows<{ n: string | number }>(db, sql`SELECT count(*) AS n FROM (${mine(userId, f)}) m`);
  const from = mine(userId, f, unfiltered(f) ? f.page * f.limit : undefined);
  const rows = await queryRows<Row>(
    db,
    sql`SELECT m.kind, m.id::text AS id, m.pieces, m.state, m.mint_stage, m.mint_tx, m.paid_micro::text AS paid_micro, m.acquired_at, ${SHIP_COLUMNS}, ${UNIT_COLUMNS}
        FROM (SELECT * FROM (${from}) all_mine ORDER BY acquired_at DESC, kind, id DESC
              LIMIT ${f.limit} OFFSET ${(f.page - 1) * f.limit}) m
        LEFT JOIN ships s ON s.id = m.ship_id
        LEFT JOIN house_units u ON u.apartment = m.apartment
        LEFT JOIN house_unit_types t ON t.type = u.type
        ORDER BY m.acquired_at DESC, m.kind, m.id DESC`,
  );
  const listings = await openListings(rows.filter((r) => r.kind === 'ship').map((r) => Number(r.id)));
  return { data: rows.map((r) => toAsset(r, listings, mintTxUrl)), total: Number(count?.n ?? 0) };
}

/** The copy as an NFT (owned-assets.md §3): its mint stage while minting, its transaction once minted. */
function nftOf(r: Row, mintTxUrl: MintTxUrl): MyAsset['nft'] {
  if (r.state === 'minted') return { mint_status: 'minted', txh: r.mint_tx, tx_url: r.mint_tx ? mintTxUrl(r.mint_tx) : null };
  if (r.state === 'minting') return { mint_status: r.mint_stage ?? 'lock', txh: null, tx_url: null };
  return { mint_status: null, txh: null, tx_url: null };
}

function toAsset(r: Row, listings: Map<number, AssetListing>, mintTxUrl: MintTxUrl): MyAsset {
  const ship = r.kind === 'ship';
  const item = ship ? shipItem(r as ShipColumns) : unitItem(r as UnitColumns);
  const id = ship ? r.id : `unit-${r.id}`;
  const paid = r.paid_micro === null ? null : BigInt(r.paid_micro);
  return {
    _id: id,
    id,
    kind: r.kind,
    name: item.name,
    image: item.image,
    element: item.element,
    rarity: item.rarity,
    health: item.health,
    healing: item.healing,
    gun_damage: item.gun_damage,
    rocket_damage: item.rocket_damage,
    rocket_re_time: item.rocket_re_time,
    item,
    state: r.state,
    pieces: Number(r.pieces),
    price: paid === null ? null : microToUsd(paid.toString()),
    price_micro: paid === null ? null : paid.toString(),
    acquired_at: new Date(r.acquired_at).toISOString(),
    listing: ship ? (listings.get(Number(r.id)) ?? null) : null,
    nft: nftOf(r, mintTxUrl),
  };
}
