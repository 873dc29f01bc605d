import { encodeFunctionData, erc20Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUsdcAbi } from '../src/generated/abis.ts';
import { sendBatch } from '../src/send-batch.ts';
import { startTestChain, type TestChain } from './support.ts';

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(() => chain?.anvil.stop());

const mint = (to: `0x${string}`, amount: bigint) => ({
  to: chain.addresses.testUsdc,
  data: encodeFunctionData({ abi: testUsdcAbi, functionName: 'mint', args: [to, amount] }),
});
const transfer = (to: `0x${string}`, amount: bigint) => ({
  to: chain.addresses.testUsdc,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
});
const balanceOf = (address: `0x${string}`) =>
  chain.deployer.publicClient.readContract({ address: chain.addresses.testUsdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] });

describe('sendBatch', () => {
  it('sends every call in order, one nonce after the other, and returns their receipts once mined', async () => {
    const { publicClient, account } = chain.deployer;
    const wallets = [chain.alice, chain.bob, chain.carol].map((c) => c.account.address);
    const before = await Promise.all(wallets.map(balanceOf));
    const nonce = await publicClient.getTransactionCount({ address: account.address });

    const receipts = await sendBatch(chain.deployer, wallets.map((w, i) => mint(w, BigInt(i + 1) * 1_000_000n)));

    expect(receipts.map((r) => r.status)).toEqual(['success', 'success', 'success']);
    const sent = await Promise.all(receipts.map((r) => publicClient.getTransaction({ hash: r.transactionHash })));
    expect(sent.map((t) => t.nonce)).toEqual([nonce, nonce + 1, nonce + 2]);
    expect(await Promise.all(wallets.map(balanceOf))).toEqual(before.map((b, i) => b + BigInt(i + 1) * 1_000_000n));
  });

  it('throws when a call reverts once mined, though its gas estimate passed', async () => {
    const { account } = chain.deployer;
    await sendBatch(chain.deployer, [mint(account.address, 5_000_000n)]);
    const all = await balanceOf(account.address);
    // Each transfer of everything is fine on the chain as it was; the second fails once the first is mined.
    await expect(
      sendBatch(chain.deployer, [transfer(chain.alice.account.address, all), transfer(chain.bob.account.address, all)]),
    ).rejects.toThrow(/reverted/);
  });
});
