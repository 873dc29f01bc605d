import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_CHAIN_ID, startAnvil } from '../src/anvil.ts';
import { DEFAULT_UNIT_PRICES } from '../src/deploy.ts';
import {
  ginTokenAbi,
  houseUnitsAbi,
  landCollectionNftAbi,
  rewardTokenAbi,
  shipNftAbi,
  testUsdcAbi,
  unitStakingAbi,
} from '../src/generated/abis.ts';
import { startTestChain, type TestChain } from './support.ts';

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(() => chain?.anvil.stop());

describe('local anvil', () => {
  it('answers eth_chainId with the local chain id on 127.0.0.1', async () => {
    expect(chain.anvil.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await chain.deployer.publicClient.getChainId()).toBe(ANVIL_CHAIN_ID);
  });

  it('stops by its own process id, and a given port is used', async () => {
    const other = await startAnvil({ port: chain.anvil.port + 1 === 65536 ? 20000 : chain.anvil.port + 1 });
    expect(other.port).not.toBe(chain.anvil.port);
    expect(() => process.kill(other.pid, 0)).not.toThrow();
    await other.stop();
    expect(() => process.kill(other.pid, 0)).toThrow();
    const refused = await fetch(other.rpcUrl, { method: 'POST' }).then(
      () => 'answered',
      () => 'refused',
    );
    expect(refused).toBe('refused');
  });
});

describe('deployAll', () => {
  it('deploys every contract to a distinct address with code', async () => {
    const addresses = Object.values(chain.addresses);
    expect(new Set(addresses).size).toBe(7);
    for (const address of addresses) {
      const code = await chain.deployer.publicClient.getCode({ address });
      expect(code && code.length > 2).toBe(true);
    }
  });

  it('grants MINTER_ROLE to the deployer on the NFTs and unit tokens and wires staking', async () => {
    const { publicClient, account } = chain.deployer;
    const { shipNft, landCollectionNft, houseUnits, unitStaking, rewardToken } = chain.addresses;
    for (const [address, abi] of [
      [shipNft, shipNftAbi],
      [landCollectionNft, landCollectionNftAbi],
      [houseUnits, houseUnitsAbi],
    ] as const) {
      const role = await publicClient.readContract({ address, abi, functionName: 'MINTER_ROLE' });
      expect(
        await publicClient.readContract({ address, abi, functionName: 'hasRole', args: [role, account.address] }),
      ).toBe(true);
    }
    expect(await publicClient.readContract({ address: unitStaking, abi: unitStakingAbi, functionName: 'units' })).toBe(
      houseUnits,
    );
    expect(
      await publicClient.readContract({ address: unitStaking, abi: unitStakingAbi, functionName: 'rewardToken' }),
    ).toBe(rewardToken);
    expect(await publicClient.readContract({ address: unitStaking, abi: unitStakingAbi, functionName: 'owner' })).toBe(
      account.address,
    );
    for (const [index, price] of DEFAULT_UNIT_PRICES.entries()) {
      const onChain = await publicClient.readContract({
        address: unitStaking,
        abi: unitStakingAbi,
        functionName: 'unitPrice',
        args: [BigInt(index + 1)],
      });
      expect(onChain).toBe(price);
    }
  });

  it('gives the tokens their decimals: reward 18, USDC 6, Gin 18', async () => {
    const { publicClient } = chain.deployer;
    const read = (address: `0x${string}`, abi: typeof rewardTokenAbi | typeof testUsdcAbi | typeof ginTokenAbi) =>
      publicClient.readContract({ address, abi, functionName: 'decimals' });
    expect(await read(chain.addresses.rewardToken, rewardTokenAbi)).toBe(18);
    expect(await read(chain.addresses.testUsdc, testUsdcAbi)).toBe(6);
    expect(await read(chain.addresses.ginToken, ginTokenAbi)).toBe(18);
  });
});
