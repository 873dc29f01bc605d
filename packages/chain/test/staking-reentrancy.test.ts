import { fileURLToPath } from 'node:url';
import type { Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileDirectory } from '../src/compiler.ts';
import { houseUnitsAbi, unitStakingAbi } from '../src/generated/abis.ts';
import { expectRevert, startTestChain, write, type TestChain } from './support.ts';

let chain: TestChain;
let attacker: `0x${string}`;
let attackerAbi: Abi;

beforeAll(async () => {
  chain = await startTestChain();
  const { ReentrantStaker } = compileDirectory(fileURLToPath(new URL('./contracts/', import.meta.url)), [
    'ReentrantStaker',
  ] as const);
  attackerAbi = ReentrantStaker.abi as Abi;
  const hash = await chain.deployer.walletClient.deployContract({
    abi: attackerAbi,
    bytecode: ReentrantStaker.bytecode,
    args: [chain.addresses.unitStaking, chain.addresses.houseUnits],
  });
  const receipt = await chain.deployer.publicClient.waitForTransactionReceipt({ hash });
  attacker = receipt.contractAddress!;
  await write(chain.deployer, {
    address: chain.addresses.houseUnits,
    abi: houseUnitsAbi,
    functionName: 'mint',
    args: [attacker, 1n, 2n],
  });
  for (let i = 0; i < 2; i++) {
    await write(chain.deployer, { address: attacker, abi: attackerAbi, functionName: 'stakeUnit', args: [1n] });
  }
});
afterAll(() => chain?.anvil.stop());

describe('UnitStaking: reentrancy', () => {
  it('rejects an unstake re-entered from the ERC1155 receive hook (ReentrancyGuardReentrantCall)', async () => {
    const abi = [...attackerAbi, ...unitStakingAbi.filter((item) => item.type === 'error')];
    await expectRevert(
      chain.deployer,
      { address: attacker, abi, functionName: 'attack', args: [1n] } as never,
      'ReentrancyGuardReentrantCall',
    );
    const staked = await chain.deployer.publicClient.readContract({
      address: chain.addresses.unitStaking,
      abi: unitStakingAbi,
      functionName: 'getStakedAmount',
      args: [attacker, 1n],
    });
    expect(staked).toBe(2n);
  });
});
