import { mnemonicToAccount } from 'viem/accounts';
import { bytesToHex, parseGwei } from 'viem';
import { expect, it } from 'vitest';
import { ANVIL_MNEMONIC } from '../src/anvil.ts';
import { anvilAddress, anvilPrivateKey } from '../src/anvil-keys.ts';
import { anvilClients } from '../src/deploy.ts';

const viaViem = (index: number) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });

it('derives the keys and addresses mnemonicToAccount derives', () => {
  for (let index = 0; index < 12; index++) {
    const expected = viaViem(index);
    expect(anvilAddress(index)).toBe(expected.address);
    expect(anvilPrivateKey(index)).toBe(bytesToHex(expected.getHdKey().privateKey!));
  }
  // anvil's well-known first account and key
  expect(anvilAddress(0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  expect(anvilPrivateKey(0)).toBe('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
});

it("gives anvilClients an account that signs as the mnemonic's account does", async () => {
  const { account } = anvilClients({ rpcUrl: 'http://127.0.0.1:1', chainId: 31337 }, 2);
  const expected = viaViem(2);
  expect(account.address).toBe(expected.address);
  expect(await account.signMessage!({ message: 'starport' })).toBe(await expected.signMessage({ message: 'starport' }));
  const transaction = {
    chainId: 31337,
    type: 'eip1559',
    to: anvilAddress(3),
    value: 1n,
    nonce: 0,
    gas: 21000n,
    maxFeePerGas: parseGwei('2'),
    maxPriorityFeePerGas: 1n,
  } as const;
  expect(await account.signTransaction!(transaction)).toBe(await expected.signTransaction(transaction));
});
