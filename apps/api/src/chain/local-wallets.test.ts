import { toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC } from '@starport/chain';
import { expect, it } from 'vitest';
import { DEMO_WALLET_INDEXES, demoWallets, localAddress, localDeployerKey, localMinterKey, MINTER_INDEX, TREASURY_INDEX } from './local-wallets.ts';

const viaViem = (index: number) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });

it('derives the same accounts as mnemonicToAccount', () => {
  for (const index of [0, ...DEMO_WALLET_INDEXES, MINTER_INDEX, TREASURY_INDEX]) {
    expect(localAddress(index)).toBe(viaViem(index).address.toLowerCase());
  }
  expect(demoWallets()).toEqual(
    DEMO_WALLET_INDEXES.map((index) => ({ index, address: viaViem(index).address.toLowerCase(), privateKey: toHex(viaViem(index).getHdKey().privateKey!) })),
  );
  expect(localDeployerKey()).toBe(toHex(viaViem(0).getHdKey().privateKey!));
  expect(localMinterKey()).toBe(toHex(viaViem(MINTER_INDEX).getHdKey().privateKey!));
  // anvil's well-known first account
  expect(localAddress(0)).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
});
