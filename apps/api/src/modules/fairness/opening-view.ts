import { shipImagePath, type Element, type PublicOpening, type Rarity } from '@starport/schemas';
import { iso } from '../../lib/money.ts';
import type { OpeningRow } from './fairness.repo.ts';

/** An opening as anyone may see it: what was drawn, how, and the ship it gave. */
export function openingView(r: OpeningRow): PublicOpening {
  return {
    id: r.id,
    box_code: r.box_code,
    box_name: r.box_name,
    opened_at: iso(r.opened_at),
    server_seed_hash: r.server_seed_hash,
    server_seed: r.server_seed ?? null,
    client_seed: r.client_seed,
    nonce: Number(r.nonce),
    roll: Number(r.roll),
    rarity: Number(r.rarity),
    odds: {
      common: Number(r.odds_common_bps),
      rare: Number(r.odds_rare_bps),
      epic: Number(r.odds_epic_bps),
      legend: Number(r.odds_legendary_bps),
    },
    ship: {
      id: r.ship_id,
      name: r.ship_name,
      rarity: Number(r.ship_rarity),
      element: Number(r.ship_element),
      image: shipImagePath(Number(r.ship_element) as Element, Number(r.ship_rarity) as Rarity, Number(r.ship_art_seed)),
    },
  };
}
