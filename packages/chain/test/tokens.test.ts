import { parseEventLogs, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ginTokenAbi, rewardTokenAbi, testUsdcAbi } from '../src/generated/abis.ts';
import { addressOf, expectRevert, startTestChain, write, type TestChain } from './support.ts';

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(() => chain?.anvil.stop());

const balance = (address: `0x${string}`, owner: `0x${string}`) =>
  chain.deployer.publicClient.readContract({ address, abi: testUsdcAbi, functionName: 'balanceOf', args: [owner] });

describe('TestUSDC (6 decimals, storefront.md §7 approve + transfer)', () => {
  it('pays 12.50 USDC as 12_500_000 base units by transfer, with the Transfer event', async () => {
    const usdc = chain.addresses.testUsdc;
    const amount = parseUnits('12.5', 6);
    expect(amount).toBe(12_500_000n);
    await write(chain.alice, {
      address: usdc,
      abi: testUsdcAbi,
      functionName: 'mint',
      args: [addressOf(chain.alice), amount],
    });
    const receipt = await write(chain.alice, {
      address: usdc,
      abi: testUsdcAbi,
      functionName: 'transfer',
      args: [addressOf(chain.bob), amount],
    });
    const [transfer] = parseEventLogs({ abi: testUsdcAbi, logs: receipt.logs, eventName: 'Transfer' });
    expect(transfer?.args).toEqual({ from: addressOf(chain.alice), to: addressOf(chain.bob), value: amount });
    expect(await balance(usdc, addressOf(chain.alice))).toBe(0n);
    expect(await balance(usdc, addressOf(chain.bob))).toBe(amount);
  });

  it('moves funds by approve then transferFrom, never beyond the allowance', async () => {
    const usdc = chain.addresses.testUsdc;
    const price = parseUnits('3', 6);
    await write(chain.carol, {
      address: usdc,
      abi: testUsdcAbi,
      functionName: 'mint',
      args: [addressOf(chain.carol), price * 2n],
    });
    await write(chain.carol, {
      address: usdc,
      abi: testUsdcAbi,
      functionName: 'approve',
      args: [addressOf(chain.deployer), price],
    });
    const request = {
      address: usdc,
      abi: testUsdcAbi,
      functionName: 'transferFrom',
      args: [addressOf(chain.carol), addressOf(chain.deployer), price + 1n],
    } as const;
    await expectRevert(chain.deployer, request, 'ERC20InsufficientAllowance');
    await write(chain.deployer, { ...request, args: [addressOf(chain.carol), addressOf(chain.deployer), price] });
    expect(await balance(usdc, addressOf(chain.deployer))).toBe(price);
    expect(
      await chain.deployer.publicClient.readContract({
        address: usdc,
        abi: testUsdcAbi,
        functionName: 'allowance',
        args: [addressOf(chain.carol), addressOf(chain.deployer)],
      }),
    ).toBe(0n);
  });
});

describe('RewardToken and GinToken (owner mint)', () => {
  it('lets only the owner mint', async () => {
    for (const [address, abi] of [
      [chain.addresses.rewardToken, rewardTokenAbi],
      [chain.addresses.ginToken, ginTokenAbi],
    ] as const) {
      await expectRevert(
        chain.alice,
        { address, abi, functionName: 'mint', args: [addressOf(chain.alice), 1n] },
        'OwnableUnauthorizedAccount',
      );
      await write(chain.deployer, {
        address,
        abi,
        functionName: 'mint',
        args: [addressOf(chain.alice), 5n * 10n ** 18n],
      });
      expect(
        await chain.alice.publicClient.readContract({
          address,
          abi,
          functionName: 'balanceOf',
          args: [addressOf(chain.alice)],
        }),
      ).toBe(5n * 10n ** 18n);
    }
  });
});
