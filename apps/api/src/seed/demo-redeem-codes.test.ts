import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlindBox, addPlayer, addShip } from '../../test/catalogue-fixtures.ts';

import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { dncBalance, shipsOf } from '../modules/assets/index.ts';
import { listCodes, redeemCode } from '../modules/redeem/index.ts';
import { DEMO_REDEEM_CODES, seedDemoRedeemCodes } from './demo-redeem-codes.ts';

describe('demo redeem codes', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());

  it('are seeded once, whatever the number of starts, and each works as printed', async () => {
    await addShip(database.db, 'Demo Common');
    await addBlindBox(database.db);
    await seedDemoRedeemCodes(database.db);
    await seedDemoRedeemCodes(database.db);
    expect(await listCodes(database.db, 10)).toHaveLength(DEMO_REDEEM_CODES.length);
    const player = await addPlayer(database.db, 'democoder');
    for (const { code } of DEMO_REDEEM_CODES) await redeemCode(database.db, player, code);
    expect(await dncBalance(database.db, player)).toBe(1_000);
    // FREE-SHIP's copy and the ship FREE-BOX's box gave.
    expect(await shipsOf(database.db, player)).toHaveLength(2);
  });
});
