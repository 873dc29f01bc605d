import { createECDH, createHmac, pbkdf2Sync } from 'node:crypto';
import { bytesToHex, type Address, type Hex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { ANVIL_MNEMONIC } from './anvil.ts';

// The keys of anvil's mnemonic accounts (m/44'/60'/0'/0/index, BIP-39 seed and BIP-32
// derivation, as anvil and viem's mnemonicToAccount derive them), computed with node:crypto.
//
// Why not mnemonicToAccount: it stretches the mnemonic with PBKDF2 (2048 rounds of SHA-512)
// and does the curve arithmetic in JavaScript, and the curve library builds its tables on first
// use; every start derived seven accounts that way (issue 21's profile: ~9 % of a warm start).
// OpenSSL does the same work natively in well under a millisecond. anvil-keys.test.ts checks
// the keys and addresses against mnemonicToAccount.

/** The order of secp256k1: BIP-32 adds child keys modulo it. */
const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HARDENED = 0x80000000;
/** m/44'/60'/0'/0: the parent of every account anvil creates from its mnemonic. */
const ACCOUNTS_PATH = [44 + HARDENED, 60 + HARDENED, 0 + HARDENED, 0];

type ExtendedKey = { key: Buffer; chainCode: Buffer };

const publicKeyOf = (privateKey: Buffer, format: 'compressed' | 'uncompressed') => {
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(privateKey);
  return ecdh.getPublicKey(null, format);
};

/** BIP-39: the mnemonic (no passphrase) stretched into a 64-byte seed. */
const seedOf = (mnemonic: string) =>
  pbkdf2Sync(Buffer.from(mnemonic.normalize('NFKD')), Buffer.from('mnemonic'), 2048, 64, 'sha512');

const split = (digest: Buffer) => ({ left: digest.subarray(0, 32), right: digest.subarray(32) });

const masterKey = (seed: Buffer): ExtendedKey => {
  const { left, right } = split(createHmac('sha512', 'Bitcoin seed').update(seed).digest());
  return { key: left, chainCode: right };
};

/** BIP-32's private child key derivation (CKDpriv). */
function childKey(parent: ExtendedKey, index: number): ExtendedKey {
  const data = index >= HARDENED ? Buffer.concat([Buffer.alloc(1), parent.key]) : publicKeyOf(parent.key, 'compressed');
  const indexBytes = Buffer.alloc(4);
  indexBytes.writeUInt32BE(index);
  const { left, right } = split(createHmac('sha512', parent.chainCode).update(data).update(indexBytes).digest());
  const tweak = BigInt(`0x${left.toString('hex')}`);
  const key = (tweak + BigInt(`0x${parent.key.toString('hex')}`)) % CURVE_ORDER;
  // BIP-32 says to skip to the next index then; with anvil's mnemonic it never happens.
  if (tweak >= CURVE_ORDER || key === 0n) throw new Error(`BIP-32: index ${index} gives no valid key`);
  return { key: Buffer.from(key.toString(16).padStart(64, '0'), 'hex'), chainCode: right };
}

let accountsParent: ExtendedKey | undefined;
const cache = new Map<number, { privateKey: Hex; address: Address }>();

function account(index: number) {
  let known = cache.get(index);
  if (!known) {
    accountsParent ??= ACCOUNTS_PATH.reduce(childKey, masterKey(seedOf(ANVIL_MNEMONIC)));
    const key = childKey(accountsParent, index).key;
    known = { privateKey: bytesToHex(key), address: publicKeyToAddress(bytesToHex(publicKeyOf(key, 'uncompressed'))) };
    cache.set(index, known);
  }
  return known;
}

/** The private key of anvil's mnemonic account `index` (public knowledge: local chains only). */
export const anvilPrivateKey = (index: number): Hex => account(index).privateKey;

/** The checksummed address of anvil's mnemonic account `index`. */
export const anvilAddress = (index: number): Address => account(index).address;
