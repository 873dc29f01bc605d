import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  http,
  type Abi,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type WalletClient,
  type Account,
  type Transport,
} from 'viem';
import { privateKeyToAccount, toAccount, type LocalAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { AnvilInstance } from './anvil.ts';
import { sendBatch, type BatchCall } from './send-batch.ts';
import { anvilAddress, anvilPrivateKey } from './anvil-keys.ts';
import {
  ginTokenAbi,
  houseUnitsAbi,
  landCollectionNftAbi,
  rewardTokenAbi,
  shipNftAbi,
  testUsdcAbi,
  unitStakingAbi,
} from './generated/abis.ts';
import {
  ginTokenBytecode,
  houseUnitsBytecode,
  landCollectionNftBytecode,
  rewardTokenBytecode,
  shipNftBytecode,
  testUsdcBytecode,
  unitStakingBytecode,
} from './generated/bytecode.ts';

export interface DeployedAddresses {
  shipNft: Address;
  landCollectionNft: Address;
  houseUnits: Address;
  unitStaking: Address;
  rewardToken: Address;
  testUsdc: Address;
  ginToken: Address;
}

export interface DeployOptions {
  /** Base of ship token URIs, e.g. `${PUBLIC_URL}/api/nft/ship/`. */
  shipBaseUri: string;
  /** Base of land-collection token URIs, e.g. `${PUBLIC_URL}/api/nft/land/`. */
  landBaseUri: string;
  /** ERC1155 uri with `{id}`, e.g. `${PUBLIC_URL}/api/nft/unit/{id}`. */
  unitUri: string;
  /** Supply cap per unit type, Type 1..Type 5. */
  unitCaps: readonly [bigint, bigint, bigint, bigint, bigint];
  /** Reward-token price of one unit per type (18 decimals), Type 1..Type 5. */
  unitPrices: readonly [bigint, bigint, bigint, bigint, bigint];
  /** Gets MINTER_ROLE on the NFTs and unit tokens besides the deployer (the server's minter). */
  minter?: Address;
}

/**
 * Supply cap per unit type = apartments of the type × pieces per apartment (decision 0051), so the
 * chain can hold exactly what the shop can ever sell, and a withdrawal of sold pieces never meets
 * the cap. From the seeded catalogue (owned-assets.md §2.2 ranges; apps/api catalogue
 * definitions): Type 1 24 × 160, Type 2 48 × 200, Type 3 16 × 240, Type 4 17 × 300, Type 5 15 × 400.
 * apps/api's unit-caps test fails when the catalogue and these disagree.
 */
export const DEFAULT_UNIT_CAPS = [24n * 160n, 48n * 200n, 16n * 240n, 17n * 300n, 15n * 400n] as const;
/** 100, 250, 500, 1000, 2500 reward tokens per unit of Type 1..Type 5. */
export const DEFAULT_UNIT_PRICES = [100n, 250n, 500n, 1000n, 2500n].map(
  (whole) => whole * 10n ** 18n,
) as unknown as readonly [bigint, bigint, bigint, bigint, bigint];

/** Token URIs served by the Starport at `publicUrl` (/api/nft/...), with the default caps and prices. */
export function deployOptionsFor(publicUrl: string): DeployOptions {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    shipBaseUri: `${base}/api/nft/ship/`,
    landBaseUri: `${base}/api/nft/land/`,
    unitUri: `${base}/api/nft/unit/{id}`,
    unitCaps: DEFAULT_UNIT_CAPS,
    unitPrices: DEFAULT_UNIT_PRICES,
  };
}

export type ChainClients = {
  chain: Chain;
  account: Account;
  publicClient: PublicClient<Transport, Chain>;
  walletClient: WalletClient<Transport, Chain, Account>;
};

/**
 * The mnemonic's account `index` as a viem account. Its address comes from anvil-keys; viem's
 * signer, whose curve code builds its tables on first use (~0.1 s), is made at the first
 * signature: a start that finds its contracts deployed only reads from the chain.
 */
function anvilAccount(index: number): LocalAccount {
  let signer: PrivateKeyAccount | undefined;
  const signing = () => (signer ??= privateKeyToAccount(anvilPrivateKey(index)));
  return toAccount({
    address: anvilAddress(index),
    signMessage: (args) => signing().signMessage(args),
    signTransaction: (transaction, options) => signing().signTransaction(transaction, options),
    signTypedData: (args) => signing().signTypedData(args),
  });
}

/** Viem clients on a running anvil, signing with the mnemonic's account `index` (0 = deployer). */
export function anvilClients(anvil: Pick<AnvilInstance, 'rpcUrl' | 'chainId'>, index = 0): ChainClients {
  const chain = defineChain({
    id: anvil.chainId,
    name: 'Starport local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const account = anvilAccount(index);
  const transport = http(anvil.rpcUrl);
  return {
    chain,
    account,
    publicClient: createPublicClient({ chain, transport }),
    walletClient: createWalletClient({ chain, transport, account }),
  };
}

/** The contracts created by a batch of deployments, in its order. */
async function deployBatch(clients: ChainClients, contracts: readonly { abi: Abi; bytecode: Hex; args: readonly unknown[] }[]): Promise<Address[]> {
  const receipts = await sendBatch(clients, contracts.map((c) => ({ data: encodeDeployData(c) })));
  return receipts.map((receipt) => {
    if (!receipt.contractAddress) throw new Error(`deployment ${receipt.transactionHash} created no contract`);
    return getAddress(receipt.contractAddress);
  });
}

/**
 * Deploys every contract from the deployer account, grants MINTER_ROLE to the deployer (and
 * `minter`), and sets the unit prices on the staking contract. Local and test chains only:
 * it deploys TestUSDC and GinToken too. In three batches (sendBatch), each sent once the one
 * before is mined: the staking contract is made on the addresses of the first, the roles are
 * granted on the deployed contracts.
 */
export async function deployAll(clients: ChainClients, options: DeployOptions): Promise<DeployedAddresses> {
  const deployer = clients.account.address;
  const [shipNft, landCollectionNft, houseUnits, rewardToken] = (await deployBatch(clients, [
    { abi: shipNftAbi, bytecode: shipNftBytecode, args: [deployer, options.shipBaseUri] },
    { abi: landCollectionNftAbi, bytecode: landCollectionNftBytecode, args: [deployer, options.landBaseUri] },
    { abi: houseUnitsAbi, bytecode: houseUnitsBytecode, args: [deployer, options.unitUri, options.unitCaps] },
    { abi: rewardTokenAbi, bytecode: rewardTokenBytecode, args: [deployer] },
  ])) as [Address, Address, Address, Address];
  const [unitStaking, testUsdc, ginToken] = (await deployBatch(clients, [
    { abi: unitStakingAbi, bytecode: unitStakingBytecode, args: [deployer, houseUnits, rewardToken] },
    { abi: testUsdcAbi, bytecode: testUsdcBytecode, args: [] },
    { abi: ginTokenAbi, bytecode: ginTokenBytecode, args: [deployer] },
  ])) as [Address, Address, Address];

  const minters = options.minter && options.minter !== deployer ? [deployer, options.minter] : [deployer];
  const mintable = [
    [shipNft, shipNftAbi],
    [landCollectionNft, landCollectionNftAbi],
    [houseUnits, houseUnitsAbi],
  ] as const;
  const roles = await Promise.all(
    mintable.map(([address, abi]) => clients.publicClient.readContract({ address, abi, functionName: 'MINTER_ROLE' })),
  );
  const calls: BatchCall[] = [];
  for (const [i, [address, abi]] of mintable.entries()) {
    for (const minter of minters) {
      calls.push({ to: address, data: encodeFunctionData({ abi, functionName: 'grantRole', args: [roles[i]!, minter] }) });
    }
  }
  for (const [index, price] of options.unitPrices.entries()) {
    calls.push({
      to: unitStaking,
      data: encodeFunctionData({ abi: unitStakingAbi, functionName: 'setUnitPrice', args: [BigInt(index + 1), price] }),
    });
  }
  await sendBatch(clients, calls);
  return { shipNft, landCollectionNft, houseUnits, unitStaking, rewardToken, testUsdc, ginToken };
}
