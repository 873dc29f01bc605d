import type { DiscountTier } from '@starport/schemas';
import type { Db } from '../../db/client.ts';
import * as site from '../../modules/site/index.ts';
import { asCli, CliError } from '../cli-error.ts';
import type { Io } from '../io.ts';
import { parseTierList, readDiscountTiers, writeDiscountTiers } from '../../modules/cart/index.ts';
import type { TermsSource } from '../parse.ts';
import { readPenguinRate, writePenguinRate } from '../../modules/penguins/index.ts';
import { readGoalandRate, writeGoalandRate } from '../../modules/goaland/index.ts';
import { readReferralShare, setReferralShare as storeReferralShare } from '../../modules/referrals/index.ts';
import { readTopUpTerms, writeCreditPrice, writeTopUpBounds, type TopUpTerms } from '../../modules/land/index.ts';
import { setShipMintFee as storeShipMintFee, shipMintFee } from '../../modules/minting/index.ts';

/**
 * set-sale-program, set-home-version, set-terms, set-discounts, set-penguin-rate, set-goaland-rate, set-referral-share,
 * set-land-credit-price, set-land-credit-topup, set-ship-mint-fee, show-settings.
 */

export const changeSaleProgram = (db: Db, value: number) => asCli(() => site.setSaleProgram(db, value));
export const changeHomeVersion = (db: Db, value: number) => asCli(() => site.setHomeVersion(db, value));

export async function readTerms(io: Io, source: TermsSource): Promise<string> {
  if (source === 'stdin') return io.readStdin();
  try {
    return await io.readFile(source.file);
  } catch (err) {
    throw new CliError(`Cannot read ${source.file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

/** Stores the cleaned HTML; returns how many characters came in and how many were kept. */
export async function storeTerms(db: Db, html: string): Promise<{ received: number; stored: number }> {
  const clean = await asCli(() => site.setTermsHtml(db, html));
  return { received: html.length, stored: clean.length };
}

/** "3:5,5:10" → the stored tiers; a list the pricing rules refuse is bad usage (exit 2). */
export const setDiscounts = (db: Db, text: string): Promise<DiscountTier[]> =>
  asCli(() => writeDiscountTiers(db, parseTierList(text)), 2);

export const setPenguinRate = (db: Db, rate: number): Promise<number> => asCli(() => writePenguinRate(db, rate), 2);

export const setGoalandRate = (db: Db, rate: number): Promise<number> => asCli(() => writeGoalandRate(db, rate), 2);

/** Stores the share (basis points) and answers it; the module's refusal is bad usage (exit 2). */
export async function setReferralShare(db: Db, bps: number): Promise<number> {
  await asCli(() => storeReferralShare(db, bps), 2);
  return readReferralShare(db);
}

/** The price of one land credit (micro-units, whole cents); the module's refusal is bad usage (exit 2). */
export const setLandCreditPrice = (db: Db, priceMicro: bigint): Promise<TopUpTerms> => asCli(() => writeCreditPrice(db, priceMicro), 2);

/** The least and most credits of one top-up. */
export const setLandCreditTopUp = (db: Db, min: number, max: number): Promise<TopUpTerms> => asCli(() => writeTopUpBounds(db, min, max), 2);

/** The ship-to-NFT fee (micro-units, whole cents); the module's refusal is bad usage (exit 2). */
export const setShipMintFee = (db: Db, feeMicro: bigint): Promise<bigint> => asCli(() => storeShipMintFee(db, feeMicro), 2);

export type SettingsView = {
  saleProgram: number;
  homeVersion: number;
  termsCharacters: number;
  discounts: DiscountTier[];
  penguinRate: number;
  goalandRate: number;
  referralShareBps: number;
  landCredit: TopUpTerms;
  shipMintFeeMicro: bigint;
  /** when each setting was last set, by key; absent while it is at its default */
  updated: Record<string, Date>;
};

export async function readSettings(db: Db): Promise<SettingsView> {
  return {
    saleProgram: await site.getSaleProgram(db),
    homeVersion: await site.getHomeVersion(db),
    termsCharacters: (await site.getTermsHtml(db)).length,
    discounts: await readDiscountTiers(db),
    penguinRate: await readPenguinRate(db),
    goalandRate: await readGoalandRate(db),
    referralShareBps: await readReferralShare(db),
    landCredit: await readTopUpTerms(db),
    shipMintFeeMicro: await shipMintFee(db),
    updated: await site.getSettingTimes(db),
  };
}
