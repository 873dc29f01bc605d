import { houseUnitsAbi, landCollectionNftAbi, shipNftAbi } from '@starport/chain';
import type { Abi } from 'viem';
import type { ChainContractName } from '../../chain/chain-config.ts';
import type { Tx } from '../../db/client.ts';
import type { MintAssetKind } from '../../db/schema/index.ts';
import type { FollowedAsset } from '../nft/index.ts';
import {
  abandonCollectionMint,
  abandonShipMint,
  finishCollectionMint,
  finishPieceWithdrawal,
  finishShipMint,
  returnPieceWithdrawal,
} from '../assets/index.ts';

/**
 * What differs between the things the server mints: the contract, and what the asset's owner
 * (the assets module) does when the mint is on chain or has failed for good. Ships and unit
 * pieces add an entry here; the minter and the job stay as they are.
 */
export type MintKind = {
  contract: ChainContractName;
  abi: Abi;
  /**
   * The arguments of the contract's `mint` (decision 0051). Left out: ERC-721's `mint(to, tokenId)`;
   * HouseUnits (ERC-1155) takes `mint(to, id, amount)`.
   */
  mintArgs?: (call: MintCall) => readonly unknown[];
  /**
   * Whether `ownerOf(tokenId)` tells that this mint's token already exists (ERC-721: one token per
   * id). Left out: true. An ERC-1155 id is shared by many mints, so only the recorded transaction's
   * receipt can tell; record-before-broadcast keeps that to one transaction.
   */
  ownerOfFirst?: boolean;
  /** the token is on chain, minted by `txHash` */
  confirmed(tx: Tx, assetId: number, txHash: string): Promise<void>;
  /** the mint failed for good: the asset opens again */
  failed(tx: Tx, assetId: number): Promise<void>;
  /**
   * A job queued in the same transaction when the mint fails for good, for the area that charged
   * for it (a paid ship fee goes to an operator's review). Its payload is `MintFailedNotice`.
   */
  failedNotice?: string;
  /** what the chain indexer moves when the token moves (nft's followTokens); unit pieces are not followed */
  followedAs?: FollowedAsset;
};

/** What a `failedNotice` job is told: which mint failed, of which asset and player, and why. */
export type MintFailedNotice = { mintId: number; assetId: number; userId: string; reason: string };

/** Queued when a ship's mint fails for good after its fee was paid (decision 0070). */
export const SHIP_MINT_FAILED_JOB = 'ship_mint.failed';

/** What a mint call is made of. */
export type MintCall = { to: `0x${string}`; tokenId: bigint; amount: bigint };

/** ERC-721's `mint(to, tokenId)`: the default of `MintKind.mintArgs`. */
export const erc721MintArgs = (call: MintCall): readonly unknown[] => [call.to, call.tokenId];
export const mintArgsOf = (kind: MintKind, call: MintCall) => (kind.mintArgs ?? erc721MintArgs)(call);
export const asksOwnerFirst = (kind: MintKind) => kind.ownerOfFirst ?? true;

export const MINT_KINDS: Record<MintAssetKind, MintKind> = {
  land_collection: {
    contract: 'landCollectionNft',
    abi: landCollectionNftAbi as Abi,
    confirmed: finishCollectionMint,
    failed: abandonCollectionMint,
    followedAs: 'land',
  },
  ship: {
    contract: 'shipNft',
    abi: shipNftAbi as Abi,
    confirmed: finishShipMint,
    failed: abandonShipMint,
    failedNotice: SHIP_MINT_FAILED_JOB,
    followedAs: 'ship',
  },
  // Unit pieces withdrawn to the wallet (decision 0051): the asset is a withdrawal, the token id its unit type.
  house_units: {
    contract: 'houseUnits',
    abi: houseUnitsAbi as Abi,
    mintArgs: (call) => [call.to, call.tokenId, call.amount],
    ownerOfFirst: false,
    confirmed: finishPieceWithdrawal,
    failed: returnPieceWithdrawal,
  },
};

/** The job kind of a mint: `mint.land_collection`. */
export const mintJobKind = (kind: MintAssetKind) => `mint.${kind}`;
/** One job per mint and queue round (a refresh queues a new round for a stalled mint). */
export const mintJobKey = (kind: MintAssetKind, assetId: number, round: number) => `mint:${kind}:${assetId}:${round}`;
