import { createPrivateKey, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import type signerModule from '@wert-io/widget-sc-signer';

// Wert's signer is loaded at the first signature, not with the server: it brings elliptic,
// whose curve tables (bn.js) took ~0.15 s of every start, for a widget payment that may never come.
// It is CommonJS, so require() loads it synchronously where it is needed.
let signer: typeof signerModule | undefined;
const wertSigner = () =>
  (signer ??= createRequire(import.meta.url)('@wert-io/widget-sc-signer') as typeof signerModule);

/**
 * The widget's smart-contract options and their signature. Signing is Wert's own helper
 * (@wert-io/widget-sc-signer: Ed25519 over the six fields, one `key:value` a line); checking a
 * signature is only needed by the sandbox widget, which plays Wert's part, and uses node:crypto.
 */
export type ScOptions = {
  address: string;
  commodity: string;
  commodity_amount: number;
  network: string;
  sc_address: string;
  sc_input_data: string;
};
export type SignedScOptions = ScOptions & { signature: string };

export const signScOptions = (options: ScOptions, privateKey: string): SignedScOptions =>
  wertSigner().signSmartContractData(options, privateKey);

/** The text Wert's signer signs (its key order, commodity and network lower-cased). */
export function signedText(o: { [K in keyof ScOptions]: string | number }): string {
  const amount =
    typeof o.commodity_amount === 'string' ? String(parseFloat(o.commodity_amount)) : String(o.commodity_amount);
  return [
    `address:${o.address}`,
    `commodity:${String(o.commodity).toLowerCase()}`,
    `commodity_amount:${amount}`,
    `network:${String(o.network).toLowerCase()}`,
    `sc_address:${o.sc_address}`,
    `sc_input_data:${o.sc_input_data}`,
  ].join('\n');
}

// PKCS#8 DER header of an Ed25519 private key; the 32-byte seed follows.
const ED25519_PKCS8 = Buffer.from('302e020100300506032b657004220420', 'hex');

export function publicKeyOf(privateKeyHex: string): KeyObject {
  const seed = Buffer.from(privateKeyHex.replace(/^0x/, ''), 'hex');
  if (seed.length !== 32) throw new Error('an Ed25519 seed is 32 bytes');
  return createPublicKey(createPrivateKey({ key: Buffer.concat([ED25519_PKCS8, seed]), format: 'der', type: 'pkcs8' }));
}

/** Whether `signature` (hex, as the signer writes it) signs these options with this key. */
export function verifyScOptions(
  o: { [K in keyof ScOptions]: string | number },
  signature: string,
  publicKey: KeyObject,
): boolean {
  if (!/^[0-9a-fA-F]{128}$/.test(signature)) return false;
  return verify(null, Buffer.from(signedText(o), 'utf8'), publicKey, Buffer.from(signature, 'hex'));
}

const MICRO = 1_000_000n;

/** Micro-units → the commodity amount the widget is given (a number, 6 decimals at most: exact in a double's text). */
export function commodityAmount(micro: bigint): number {
  const frac = (micro % MICRO).toString().padStart(6, '0').replace(/0+$/, '');
  return Number(`${micro / MICRO}${frac ? `.${frac}` : ''}`);
}

/**
 * A decimal amount as Wert reports it ("94.99", 94.99) → micro-units, or null when it is not
 * a plain decimal with at most 6 significant decimals (a stablecoin has no smaller unit).
 */
export function microOf(amount: unknown): bigint | null {
  if (typeof amount !== 'string' && typeof amount !== 'number') return null;
  const m = /^(\d{1,15})(?:\.(\d+))?$/.exec(String(amount).trim());
  if (!m) return null;
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > 6) return null;
  return BigInt(m[1]!) * MICRO + BigInt(frac.padEnd(6, '0') || '0');
}
