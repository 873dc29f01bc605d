import { shipNftAbi, testUsdcAbi, testUsdcBytecode } from '@starport/chain';
import { createTestClient, http, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../test/chain-fixtures.ts';
import { publicClientFor, type ChainClient } from './clients.ts';
import { checkUsdcTransfer, isMined, type TransferExpectation } from './usdc-transfer.ts';

/** The verifier against a real anvil: real transfers, a look-alike token, reverts and confirmations. */
describe('checkUsdcTransfer on a real chain', () => {
  let chain: TestChain;
  let client: ChainClient;
  let lookAlike: Address;
  const payer = () => chain.wallet(1);
  const someoneElse = () => chain.wallet(2);
  const AMOUNT = 12_345_678n; // 12.345678 USDC

  const expectation = (o: Partial<TransferExpectation> = {}): TransferExpectation => ({
    token: chain.addresses.testUsdc,
    recipient: chain.recipient,
    payer: payer().account.address,
    amountBase: AMOUNT,
    confirmations: 1,
    ...o,
  });

  /** A USDC (or look-alike) transfer sent by anvil account `from`; waits until mined. */
  async function send(o: { from?: number; to?: Address; amount?: bigint; token?: Address; gas?: bigint } = {}): Promise<Hash> {
    const w = chain.wallet(o.from ?? 1);
    const hash = await w.walletClient.writeContract({
      address: o.token ?? chain.addresses.testUsdc,
      abi: testUsdcAbi,
      functionName: 'transfer',
      args: [o.to ?? chain.recipient, o.amount ?? AMOUNT],
      ...(o.gas ? { gas: o.gas } : {}),
    });
    await w.publicClient.waitForTransactionReceipt({ hash });
    return hash;
  }

  beforeAll(async () => {
    chain = await startTestChain();
    client = publicClientFor({
      id: chain.anvil.chainId,
      name: 'Test chain',
      rpcUrl: chain.anvil.rpcUrl,
      publicRpcUrl: chain.anvil.rpcUrl,
      explorerUrl: null,
      confirmations: 1,
      nativeSymbol: 'ETH',
      contracts: {},
    });
    await chain.fundUsdc(payer().account.address, 1_000_000_000n);
    await chain.fundUsdc(someoneElse().account.address, 1_000_000_000n);
    // Another contract with the same code: its Transfer events look exactly like USDC's.
    const d = chain.deployer;
    const deployed = await d.walletClient.deployContract({ abi: testUsdcAbi, bytecode: testUsdcBytecode, args: [] });
    lookAlike = (await d.publicClient.waitForTransactionReceipt({ hash: deployed })).contractAddress!;
    const mint = await payer().walletClient.writeContract({
      address: lookAlike,
      abi: testUsdcAbi,
      functionName: 'mint',
      args: [payer().account.address, 1_000_000_000n],
    });
    await payer().publicClient.waitForTransactionReceipt({ hash: mint });
  });
  afterAll(async () => chain?.stop());

  it('an exact transfer of the token from the payer to the recipient: its log index and block', async () => {
    const hash = await send();
    const check = await checkUsdcTransfer(client, hash, expectation());
    const receipt = await client.getTransactionReceipt({ hash });
    expect(check).toEqual({
      outcome: 'exact',
      transfers: [
        {
          token: chain.addresses.testUsdc.toLowerCase(),
          from: payer().account.address.toLowerCase(),
          to: chain.recipient,
          value: AMOUNT,
          logIndex: receipt.logs[0]!.logIndex,
          blockNumber: receipt.blockNumber,
        },
      ],
    });
  });

  it('addresses are compared without regard to case', async () => {
    const hash = await send();
    const upper = (a: string) => `0x${a.slice(2).toUpperCase()}` as Address;
    const check = await checkUsdcTransfer(
      client,
      hash,
      expectation({ token: upper(chain.addresses.testUsdc), recipient: upper(chain.recipient), payer: upper(payer().account.address) }),
    );
    expect(check.outcome).toBe('exact');
  });

  it('a look-alike token (another contract emitting the same Transfer) does not count', async () => {
    const hash = await send({ token: lookAlike });
    expect(await checkUsdcTransfer(client, hash, expectation())).toMatchObject({ outcome: 'mismatch', reason: 'wrong_token' });
    // The same transaction does pay in that token: only the expected contract makes it a payment.
    expect((await checkUsdcTransfer(client, hash, expectation({ token: lookAlike }))).outcome).toBe('exact');
  });

  it('another sender is not the payer; another recipient is not ours', async () => {
    const other = await send({ from: 2 });
    expect(await checkUsdcTransfer(client, other, expectation())).toMatchObject({ outcome: 'mismatch', reason: 'wrong_payer' });
    const elsewhere = await send({ to: someoneElse().account.address });
    expect(await checkUsdcTransfer(client, elsewhere, expectation())).toMatchObject({
      outcome: 'mismatch',
      reason: 'wrong_recipient',
    });
  });

  it('amounts are exact in base units: one unit short is short, one over is overpaid', async () => {
    const short = await send({ amount: AMOUNT - 1n });
    expect(await checkUsdcTransfer(client, short, expectation())).toMatchObject({
      outcome: 'short',
      transfer: { value: AMOUNT - 1n },
    });
    const over = await send({ amount: AMOUNT + 1n });
    expect(await checkUsdcTransfer(client, over, expectation())).toMatchObject({
      outcome: 'overpaid',
      transfer: { value: AMOUNT + 1n },
    });
  });

  it('a mined transaction that reverted is reverted, whatever it tried to send', async () => {
    const balance = await client.readContract({
      address: chain.addresses.testUsdc,
      abi: testUsdcAbi,
      functionName: 'balanceOf',
      args: [payer().account.address],
    });
    // A forced gas limit skips the estimate, so the transfer of more than the balance is mined and reverts.
    const hash = await send({ amount: balance + 1n, gas: 100_000n });
    expect((await client.getTransactionReceipt({ hash })).status).toBe('reverted');
    expect(await checkUsdcTransfer(client, hash, expectation({ amountBase: balance + 1n }))).toMatchObject({
      outcome: 'reverted',
    });
  });

  it('a transaction mined in the block the quote saw as head, or before, was sent before the quote', async () => {
    const hash = await send();
    const { blockNumber } = await client.getTransactionReceipt({ hash });
    expect(await checkUsdcTransfer(client, hash, expectation({ afterBlock: blockNumber }))).toEqual({
      outcome: 'mismatch',
      reason: 'sent_before_quote',
      blockNumber,
    });
    expect(await checkUsdcTransfer(client, hash, expectation({ afterBlock: blockNumber - 1n }))).toMatchObject({ outcome: 'exact' });
  });

  it('isMined: a receipt, whatever its status; none for an unknown (or replaced) hash', async () => {
    expect(await isMined(client, await send())).toBe(true);
    expect(await isMined(client, `0x${'77'.repeat(32)}`)).toBe(false);
  });

  it('an unknown transaction is pending', async () => {
    const unknown = `0x${'ab'.repeat(32)}` as Hash;
    expect(await checkUsdcTransfer(client, unknown, expectation())).toEqual({ outcome: 'pending' });
  });

  it('under-confirmed until enough blocks follow its own', async () => {
    const hash = await send();
    expect(await checkUsdcTransfer(client, hash, expectation({ confirmations: 3 }))).toEqual({
      outcome: 'under_confirmed',
      confirmations: 1,
      required: 3,
    });
    const test = createTestClient({ mode: 'anvil', chain: client.chain, transport: http(chain.anvil.rpcUrl) });
    await test.mine({ blocks: 1 });
    expect(await checkUsdcTransfer(client, hash, expectation({ confirmations: 3 }))).toMatchObject({
      outcome: 'under_confirmed',
      confirmations: 2,
    });
    await test.mine({ blocks: 1 });
    expect((await checkUsdcTransfer(client, hash, expectation({ confirmations: 3 }))).outcome).toBe('exact');
  });

  it('an NFT Transfer (same event signature, token id indexed) is not a token payment', async () => {
    const d = chain.deployer;
    const hash = await d.walletClient.writeContract({
      address: chain.addresses.shipNft,
      abi: shipNftAbi,
      functionName: 'mint',
      args: [chain.recipient, 4242n],
    });
    await d.publicClient.waitForTransactionReceipt({ hash });
    const check = await checkUsdcTransfer(client, hash, expectation({ token: chain.addresses.shipNft, amountBase: 4242n }));
    expect(check).toMatchObject({ outcome: 'mismatch', reason: 'no_transfer' });
  });
});
