import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShip } from '../../../test/catalogue-fixtures.ts';
import { queryRows } from '../../db/client.ts';
import { grantShips } from '../assets/index.ts';
import { postAs, startCryptoWorld, walletPlayer, type CryptoWorld, type Player } from './crypto-fixtures.ts';

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: ship-to-NFT requests at once', () => {
  let w: CryptoWorld;
  let owner: Player;

  beforeAll(async () => {
    w = await startCryptoWorld({ postgres: true, worker: false });
    owner = await walletPlayer(w, 'shipracer', 5);
  });
  afterAll(async () => w?.stop());

  it('eight requests for one ship at once open one mint-fee order; the rest are 409 and hold nothing', { timeout: 120_000 }, async () => {
    const shipId = await addShip(w.t.database.db);
    const [copy] = await w.t.database.db.transaction((tx) =>
      grantShips(tx, { userId: owner.userId, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex: 0 }] }),
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postAs(w.t, owner.token, '/api/minting/request/', { item_id: String(copy!.id) })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    const [held] = await queryRows<{ orders: number; live: number; state: string; stage: string }>(
      w.t.database.db,
      sql`SELECT (SELECT count(*)::int FROM order_lines WHERE owned_ship_id = ${copy!.id}) AS orders,
                 (SELECT count(*)::int FROM ship_mint_reservations WHERE owned_ship_id = ${copy!.id} AND released_at IS NULL AND consumed_at IS NULL) AS live,
                 o.state, o.mint_stage AS stage
          FROM owned_ships o WHERE o.id = ${copy!.id}`,
    );
    expect(held).toEqual({ orders: 1, live: 1, state: 'minting', stage: 'lock' });
  });
});
