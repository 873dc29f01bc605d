/**
 * The assets area's front door: the only file other areas import. Assets owns every holding
 * (owned_ships, dnc_ledger, owned_house_pieces, credit_ledger, seller_proceeds, referral_rewards,
 * land_plots and land_collections, land_staking_collections, and the penguin holdings: owned_penguins, penguin_assignments,
 * penguin_collections) and is the only code that writes them. Every write runs in the caller's transaction (`tx`) and never opens
 * its own, so a fulfilment, a listing or a mint is all or nothing with the holdings it moves.
 */
export { creditRoutes } from './credit.routes.ts';
export { myAssetsRoutes } from './my-assets.routes.ts';
export type { AssetListing, MintTxUrl, OpenListingsLookup } from './my-assets.ts';
export { creditDnc, debitDnc, dncBalance, type DncDebit, type DncEntry } from './dnc-ledger.ts';
export { grantHousePieces, housePiecesOf, type HousePieceGrant, type OwnedHousePiece } from './house-pieces.ts';
export {
  creditLandCredit,
  debitLandCredit,
  landCreditBalance,
  type LandCreditDebit,
  type LandCreditEntry,
} from './land-credit.ts';
export {
  grantShips,
  ListedCopyMissing,
  lockShip,
  releaseShip,
  shipsOf,
  shipsOfOrderLines,
  transferShip,
  type HeldShip,
  type OwnedShip,
  type ShipGrant,
  type ShipMove,
  type ShipSource,
  type ShipTransfer,
} from './owned-ships.ts';
export {
  accruedOn,
  assignShipToPenguin,
  collectedToday,
  collectPenguinEarnings,
  grantPenguins,
  penguinsOf,
  removeShipFromPenguin,
  type AssignOutcome,
  type CollectOutcome,
  type DailyDnc,
  type HeldPenguin,
} from './penguin-holdings.ts';
export { creditProceeds, proceedsOf, proceedsTotal, type ProceedsCredit, type ProceedsRow } from './proceeds.ts';
export {
  creditReferralReward,
  referralRewardTotal,
  referralTotalsByBuyer,
  type ReferralRewardCredit,
  type ReferredTotals,
} from './referral-rewards.ts';
export { SHIP_STATES, type ShipState } from '../../db/schema/index.ts';
export { penguinEarningsActivity, referralRewardsActivity, salesActivity } from './activity.ts';
export {
  collectionOfPlot,
  grantPlots,
  lockCollection,
  plotsInRanges,
  plotsOf,
  plotsOfCollection,
  type LandCollection,
  type OwnedPlot,
  type PlotGrant,
} from './land-plots.ts';
export {
  abandonCollectionMint,
  beginCollectionMint,
  collectionById,
  collectionForMint,
  finishCollectionMint,
  collectionsOf,
  createCollection,
  deleteCollection,
  movePlots,
  renameCollection,
  type CollectionForMint,
  type CollectionSummary,
  type MoveOutcome,
} from './land-collections.ts';
export {
  collectLandStaking,
  landStakingCollectedToday,
  landStakingOf,
  type LandCollectOutcome,
  type LandStaking,
} from './land-staking.ts';
export { collectionWithPlots, shipCopyWithShip, type CollectionPlots } from './token-sources.ts';
export { moveMintedCollection, moveMintedShip } from './token-moves.ts';
export {
  abandonShipMint,
  finishShipMint,
  holdShipForMint,
  releaseShipMint,
  shipMintPaymentSent,
  type ShipMintHold,
  type ShipMintStage,
} from './ship-mints.ts';
