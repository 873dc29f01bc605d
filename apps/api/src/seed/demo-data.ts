import type { Db } from '../db/client.ts';
import { seedDemoCatalogue } from '../modules/catalogue/index.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoHoldings } from './demo-holdings.ts';
import { seedDemoLand } from './demo-land.ts';
import { seedDemoPenguins } from './demo-penguins.ts';
import { seedDemoRedeemCodes } from './demo-redeem-codes.ts';
import { seedDemoReferrals } from './demo-referrals.ts';

/**
 * The demo's rows, in the order they depend on each other (accounts first: the holdings,
 * referrals and penguins belong to them). Each seed does nothing when its rows are there.
 * Needs only the database, not the app: `npm start` runs it while the local chain starts
 * (decision 0075). Returns whether the demo accounts were created now (their avatars follow once
 * the app's storage is configured).
 */
export async function seedDemoData(db: Db): Promise<{ accountsCreated: boolean }> {
  const accountsCreated = await seedDemoAccounts(db);
  await seedDemoCatalogue(db);
  await seedDemoHoldings(db);
  await seedDemoReferrals(db);
  await seedDemoPenguins(db);
  await seedDemoRedeemCodes(db);
  await seedDemoLand(db);
  return { accountsCreated };
}
