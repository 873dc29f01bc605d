import type { ChainsConfig } from '../chain/chain-config.ts';
import type { Db } from '../db/client.ts';
import { listGinForReview, resolveGinConversion } from './commands/gin-review.ts';
import { closeReview, listOrdersForReview } from './commands/orders-review.ts';
import { runRedeemCodes } from './commands/redeem-codes.ts';
import * as settings from './commands/settings.ts';
import * as staking from './commands/staking.ts';
import * as users from './commands/users.ts';
import type { Io } from './io.ts';
import * as output from './output.ts';
import type { Command } from './parse.ts';
import { USAGE } from './usage.ts';

/** Runs a parsed command and prints its outcome; failures throw CliError (nothing is printed then). */
export async function runCommand(db: Db, cmd: Command, io: Io, chains?: ChainsConfig): Promise<void> {
  for (const line of await outcome(db, cmd, io, chains)) io.out(line);
}

async function outcome(db: Db, cmd: Command, io: Io, chains: ChainsConfig | undefined): Promise<string[]> {
  switch (cmd.name) {
    case 'help':
      return [USAGE.trimEnd()];
    case 'create-user':
      return output.createdUser(await users.createUser(db, cmd.input));
    case 'activate':
      return [output.activated(await users.activateUser(db, cmd.login))];
    case 'revoke-sessions':
      return [output.sessionsEnded(await users.revokeSessions(db, cmd.login))];
    case 'list-users':
      return output.userTable(await users.listUsers(db, cmd.limit));
    case 'set-sale-program':
      await settings.changeSaleProgram(db, cmd.value);
      return [output.saleProgramSet(cmd.value)];
    case 'set-home-version':
      await settings.changeHomeVersion(db, cmd.value);
      return [output.homeVersionSet(cmd.value)];
    case 'set-terms':
      return [output.termsStored(await settings.storeTerms(db, await settings.readTerms(io, cmd.source)))];
    case 'set-discounts':
      return [output.discountsSet(await settings.setDiscounts(db, cmd.tiers))];
    case 'set-penguin-rate':
      return [output.penguinRateSet(await settings.setPenguinRate(db, cmd.value))];
    case 'set-goaland-rate':
      return [output.goalandRateSet(await settings.setGoalandRate(db, cmd.value))];
    case 'set-referral-share':
      return [output.referralShareSet(await settings.setReferralShare(db, cmd.bps))];
    case 'set-land-credit-price':
      return [output.landCreditPriceSet(await settings.setLandCreditPrice(db, cmd.priceMicro))];
    case 'set-land-credit-topup':
      return [output.landCreditTopUpSet(await settings.setLandCreditTopUp(db, cmd.min, cmd.max))];
    case 'set-ship-mint-fee':
      return [output.shipMintFeeSet(await settings.setShipMintFee(db, cmd.feeMicro))];
    case 'set-apr':
      return staking.setApr(chains, cmd.bps);
    case 'deposit-reward':
      return staking.depositReward(chains, cmd.whole);
    case 'show-staking':
      return staking.show(chains);
    case 'show-settings':
      return output.settings(await settings.readSettings(db));
    case 'orders-review':
      return output.ordersForReview(await listOrdersForReview(db, cmd.limit));
    case 'resolve-review':
      await closeReview(db, cmd.code, cmd.note);
      return [output.reviewClosed(cmd.code, cmd.note)];
    case 'gin-review':
      return output.ginForReview(await listGinForReview(db, cmd.limit));
    case 'resolve-gin-review':
      return [output.ginReviewResolved(await resolveGinConversion(db, cmd.ref, cmd), cmd.note)];
    case 'redeem-codes':
      return runRedeemCodes(db, cmd.args);
  }
}
