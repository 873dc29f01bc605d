import { ANVIL_MNEMONIC } from '@starport/chain';
import type { WalletNonceResponse } from '@starport/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';
import { createSiweMessage, parseSiweMessage, type SiweMessage } from 'viem/siwe';
import { bearer, type TestApp } from '../../../test/harness.ts';

/** Anvil's test accounts 1 to 8 are players (chain-fixtures.ts); they sign in Node, as a wallet would. */
export const player = (index: number): HDAccount => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });

/** A well-formed signature nobody made (65 zero bytes). */
export const NOBODYS_SIGNATURE = `0x${'00'.repeat(65)}`;

export async function askNonce(t: TestApp, address: string, remoteAddress?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/api/web3_login/${address}/nonce`, ...(remoteAddress ? { remoteAddress } : {}) });
}

export async function nonceFor(t: TestApp, address: string): Promise<WalletNonceResponse> {
  const res = await askNonce(t, address);
  if (res.statusCode !== 200) throw new Error(`nonce failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function linkNonceFor(t: TestApp, token: string, wallet: string): Promise<WalletNonceResponse> {
  const res = await t.app.inject({ method: 'POST', url: '/api/account/connect_wallet/nonce', headers: bearer(token), payload: { wallet } });
  if (res.statusCode !== 200) throw new Error(`link nonce failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function postSignature(
  t: TestApp,
  address: string,
  payload: { signature: string; message?: string; wallet_ref?: string },
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: `/api/web3_login/${address}/signature`, payload });
}

export function postLink(t: TestApp, token: string, payload: { wallet: string; signature: string; message?: string }) {
  return t.app.inject({ method: 'POST', url: '/api/account/connect_wallet', headers: bearer(token), payload });
}

/** The issued message with some fields changed, as a client (or an attacker) could write it. */
export function rewrite(message: string, changes: Partial<SiweMessage>): string {
  return createSiweMessage({ ...(parseSiweMessage(message) as SiweMessage), ...changes });
}

/** Asks for a nonce and signs its message: the whole browser side of a wallet sign-in. */
export async function signedNonce(t: TestApp, account: HDAccount) {
  const issued = await nonceFor(t, account.address);
  return { issued, message: issued.message, signature: await account.signMessage({ message: issued.message }) };
}

export async function walletSignIn(t: TestApp, account: HDAccount, walletRef?: string) {
  const { message, signature } = await signedNonce(t, account);
  const res = await postSignature(t, account.address, { signature, message, ...(walletRef ? { wallet_ref: walletRef } : {}) });
  if (res.statusCode !== 200) throw new Error(`wallet sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json() as { access_token: string; refresh_token: string; created: boolean; user: { id: string; walletAddress: string | null } };
}
