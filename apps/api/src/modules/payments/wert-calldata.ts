/**
 * The smart-contract call Wert makes for an order (its `sc_input_data`): our payment contract's
 * `payOrder(bytes32 orderCode, uint256 amount)`, ABI-encoded. The order code travels as ASCII in
 * the bytes32 (right-padded with zeros), the amount in the stablecoin's base units, which for
 * USDC and USDT (6 decimals) are exactly our micro-units. Wert grants the contract an allowance of
 * that amount; the contract pulls it and records the code, so the chain names the order it paid.
 */

export const PAY_ORDER_SIGNATURE = 'payOrder(bytes32,uint256)';

const MASK64 = (1n << 64n) - 1n;
/** Keccak-f[1600] round constants. */
const RC = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
];
/** Rotation offsets, lane x + 5y. */
const ROT = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14];

const rotl = (v: bigint, n: number) => (n === 0 ? v : ((v << BigInt(n)) | (v >> BigInt(64 - n))) & MASK64);

function keccakF(a: bigint[]): void {
  for (const rc of RC) {
    const c = [0, 1, 2, 3, 4].map((x) => a[x]! ^ a[x + 5]! ^ a[x + 10]! ^ a[x + 15]! ^ a[x + 20]!);
    for (let x = 0; x < 5; x++) {
      const d = c[(x + 4) % 5]! ^ rotl(c[(x + 1) % 5]!, 1);
      for (let y = 0; y < 25; y += 5) a[x + y] = a[x + y]! ^ d;
    }
    const b = new Array<bigint>(25);
    for (let x = 0; x < 5; x++)
      for (let y = 0; y < 5; y++) b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(a[x + 5 * y]!, ROT[x + 5 * y]!);
    for (let y = 0; y < 25; y += 5)
      for (let x = 0; x < 5; x++) a[x + y] = b[x + y]! ^ (~b[((x + 1) % 5) + y]! & MASK64 & b[((x + 2) % 5) + y]!);
    a[0] = a[0]! ^ rc;
  }
}

/**
 * Keccak-256 as Ethereum uses it (the original padding, not SHA3-256's). Small and slow: it
 * hashes function signatures, a few bytes, once per process.
 */
export function keccak256(data: Uint8Array): Uint8Array {
  const rate = 136;
  const padded = new Uint8Array(Math.floor(data.length / rate + 1) * rate);
  padded.set(data);
  padded[data.length] = 0x01;
  padded[padded.length - 1]! |= 0x80;
  const state = new Array<bigint>(25).fill(0n);
  for (let off = 0; off < padded.length; off += rate) {
    for (let i = 0; i < rate / 8; i++) {
      let lane = 0n;
      for (let k = 7; k >= 0; k--) lane = (lane << 8n) | BigInt(padded[off + i * 8 + k]!);
      state[i] = state[i]! ^ lane;
    }
    keccakF(state);
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((state[i >> 3]! >> BigInt(8 * (i & 7))) & 0xffn);
  return out;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** The 4-byte selector of a Solidity function signature, as hex without 0x. */
export const selectorOf = (signature: string) => hex(keccak256(new TextEncoder().encode(signature))).slice(0, 8);

const PAY_ORDER_SELECTOR = selectorOf(PAY_ORDER_SIGNATURE);
const CODE = /^[\x20-\x7e]{1,32}$/;

/** `sc_input_data` for an order: 0x, the selector, bytes32(code), uint256(amount). */
export function encodePayOrder(code: string, amountMicro: bigint): string {
  if (!CODE.test(code)) throw new Error(`an order code must be 1–32 printable ASCII characters: ${code}`);
  if (amountMicro <= 0n || amountMicro >= 1n << 256n) throw new Error(`not a payable amount: ${amountMicro}`);
  const word = (h: string, left: boolean) => (left ? h.padEnd(64, '0') : h.padStart(64, '0'));
  return `0x${PAY_ORDER_SELECTOR}${word(Buffer.from(code, 'ascii').toString('hex'), true)}${word(amountMicro.toString(16), false)}`;
}

/** The order code and amount of a payOrder call, or null when the data is anything else. */
export function decodePayOrder(data: string): { code: string; amountMicro: bigint } | null {
  const m = /^0x([0-9a-fA-F]{8})([0-9a-fA-F]{64})([0-9a-fA-F]{64})$/.exec(data);
  if (!m || m[1]!.toLowerCase() !== PAY_ORDER_SELECTOR) return null;
  const code = Buffer.from(m[2]!, 'hex').toString('latin1').replace(/\0+$/, '');
  if (!CODE.test(code)) return null;
  return { code, amountMicro: BigInt(`0x${m[3]}`) };
}
