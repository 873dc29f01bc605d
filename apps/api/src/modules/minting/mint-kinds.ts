import { landCollectionNftAbi, shipNftAbi } from '@starport/chain';
import type { Abi } from 'viem';
import type { ChainContractName } from '../../chain/chain-config.ts';
import type { Tx } from '../../db/client.ts';
import type { MintAssetKind } from '../../db/schema/index.ts';
import { abandonCollectionMint, abandonShipMint, finishCollectionMint, finishShipMint } from '../assets/index.ts';

/**
 * What differs between the things the server mints: the contract, and what the asset's owner
 * (the assets module) does when the mint is on chain or has failed for good. Ships and unit
 * pieces add an entry here; the minter and the job stay as they are.
 */
export type MintKind = {
  contract: ChainContractName;
  abi: Abi;
  /** the token is on chain, minted by `txHash` */
  confirmed(tx: Tx, assetId: number, txHash: string): Promise<void>;
  /** the mint failed for good: the asset opens again */
  failed(tx: Tx, assetId: number): Promise<void>;
};

export const MINT_KINDS: Record<MintAssetKind, MintKind> = {
  land_collection: {
    contract: 'landCollectionNft',
    abi: landCollectionNftAbi as Abi,
    confirmed: finishCollectionMint,
    failed: abandonCollectionMint,
  },
  ship: {
    contract: 'shipNft',
    abi: shipNftAbi as Abi,
    confirmed: finishShipMint,
    failed: abandonShipMint,
  },
};

/** The job kind of a mint: `mint.land_collection`. */
export const mintJobKind = (kind: MintAssetKind) => `mint.${kind}`;
/** One job per mint and queue round (a refresh queues a new round for a stalled mint). */
export const mintJobKey = (kind: MintAssetKind, assetId: number, round: number) => `mint:${kind}:${assetId}:${round}`;
