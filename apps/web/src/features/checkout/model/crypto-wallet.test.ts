import { describe, expect, it } from 'vitest';
import { FakeWallet } from '../components/crypto-checkout.fixtures.ts';
import { connectLinkedAccount, transferOf } from './crypto-wallet.ts';

const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const TO = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';

describe('transferOf: what a quote asks the wallet to send', () => {
  it('reads the amount in base units exactly, beyond what a JavaScript number holds', () => {
    const amount = '123456789012345678901234567890';
    expect(transferOf({ tokenAddress: TOKEN, targetWallet: TO, amountBase: amount })).toEqual({
      token: TOKEN,
      to: TO,
      amount: 123456789012345678901234567890n,
    });
  });

  it.each([
    ['a zero amount', { amountBase: '0' }],
    ['a negative amount', { amountBase: '-5' }],
    ['a decimal amount', { amountBase: '237.5' }],
    ['an empty amount', { amountBase: '' }],
    ['a short recipient', { targetWallet: '0x90f79bf6' }],
    ['a token that is not an address', { tokenAddress: 'USDC' }],
  ])('refuses %s', (_, over) => {
    expect(transferOf({ tokenAddress: TOKEN, targetWallet: TO, amountBase: '237500000', ...over })).toBeNull();
  });
});

describe('connectLinkedAccount: which wallet a payment asks', () => {
  it('asks the browser wallet that connected the linked account before, not the browser default', async () => {
    const wallet = new FakeWallet();
    wallet.rememberedWallet = 'io.rabby';
    expect(await connectLinkedAccount(wallet, wallet.gives)).toBe(wallet.gives);
    expect(wallet.asked).toEqual(['connect:browser:io.rabby']);
  });

  it('with nothing remembered, asks the browser wallet as the player last used it', async () => {
    const wallet = new FakeWallet();
    await connectLinkedAccount(wallet, wallet.gives);
    expect(wallet.asked).toEqual(['connect:browser']);
  });
});
