import { BaseError, ContractFunctionRevertedError, createTestClient, http, type Address } from 'viem';
import { expect } from 'vitest';
import { startAnvil, type AnvilInstance } from '../src/anvil.ts';
import { gasLimitFor } from '../src/gas.ts';
import { anvilClients, deployAll, deployOptionsFor, type ChainClients, type DeployedAddresses } from '../src/deploy.ts';

export const TOKEN = 10n ** 18n;
export const DAY = 86_400n;
export const YEAR = 365n * DAY;

export interface TestChain {
  anvil: AnvilInstance;
  deployer: ChainClients;
  /** Players: mnemonic accounts 1, 2 and 3. */
  alice: ChainClients;
  bob: ChainClients;
  carol: ChainClients;
  addresses: DeployedAddresses;
  testClient: ReturnType<typeof makeTestClient>;
}

function makeTestClient(anvil: AnvilInstance) {
  return createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
}

/** Starts a private anvil and deploys everything; the caller stops `anvil` in afterAll. */
export async function startTestChain(): Promise<TestChain> {
  const anvil = await startAnvil();
  try {
    const deployer = anvilClients(anvil, 0);
    const addresses = await deployAll(deployer, deployOptionsFor('https://starport.test'));
    return {
      anvil,
      deployer,
      alice: anvilClients(anvil, 1),
      bob: anvilClients(anvil, 2),
      carol: anvilClients(anvil, 3),
      addresses,
      testClient: makeTestClient(anvil),
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

type WriteRequest = Parameters<ChainClients['walletClient']['writeContract']>[0];

/**
 * Sends a contract call from `clients` and waits for it; returns the receipt (status success).
 * The gas limit is the estimate with the headroom of `gasLimitFor` (src/gas.ts says why: a
 * staking call estimated in one second and mined in the next costs more).
 */
export async function write(clients: ChainClients, request: Omit<WriteRequest, 'account' | 'chain'>) {
  const estimate = await clients.publicClient.estimateContractGas({
    ...(request as object),
    account: clients.account,
  } as never);
  const hash = await clients.walletClient.writeContract({ ...request, gas: gasLimitFor(estimate) } as WriteRequest);
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt;
}

/** Expects the call to revert with the custom error `errorName`; returns the decoded args. */
export async function expectRevert(
  clients: ChainClients,
  request: Omit<WriteRequest, 'account' | 'chain'>,
  errorName: string,
): Promise<readonly unknown[]> {
  try {
    await clients.publicClient.simulateContract({ ...(request as object), account: clients.account } as never);
  } catch (error) {
    const reverted =
      error instanceof BaseError ? error.walk((cause) => cause instanceof ContractFunctionRevertedError) : null;
    if (!(reverted instanceof ContractFunctionRevertedError)) throw error;
    expect(reverted.data?.errorName).toBe(errorName);
    return reverted.data?.args ?? [];
  }
  throw new Error(`expected a revert with ${errorName}, but the call succeeded`);
}

export async function blockTimestamp(clients: ChainClients, blockNumber?: bigint): Promise<bigint> {
  const block = await clients.publicClient.getBlock(blockNumber === undefined ? {} : { blockNumber });
  return block.timestamp;
}

export const addressOf = (clients: ChainClients): Address => clients.account.address;
