/**
 * Provably fair blind-box openings, shared by the server (which draws) and the browser (which
 * lets anyone check a draw). Both must compute the same roll from the same inputs on every
 * engine, so everything goes through Web Crypto (globalThis.crypto.subtle): Node 20 and every
 * browser have it. No zod here: the verifier page imports this through its own subpath.
 *
 * The scheme, as published on /fairness:
 * - server seed: 32 random bytes as 64 lowercase hex characters, secret until the pair rotates;
 * - its hash, SHA-256 of that hex text (UTF-8), shown to the player before they buy;
 * - the player's client seed (1–64 printable ASCII characters) and a nonce 0, 1, 2, …;
 * - roll = floor(u × 10000 / 2³²), u the first 4 bytes (big-endian) of
 *   HMAC-SHA256(key = server seed text, message = `${clientSeed}:${nonce}`);
 * - the rarity is the first tier whose cumulative odds (basis points) exceed the roll.
 */

/** Rarity names by index, the order of the odds and of the catalogue's rarity codes. */
export const RARITY_NAMES = ['Common', 'Rare', 'Epic', 'Legendary'] as const;
export type RarityName = (typeof RARITY_NAMES)[number];
export const RARITY_COMMON = 0;
export const RARITY_RARE = 1;
export const RARITY_EPIC = 2;
export const RARITY_LEGENDARY = 3;

/** Odds in basis points, [common, rare, epic, legendary]; they sum to ODDS_TOTAL_BPS. */
export type OddsBps = readonly [number, number, number, number];
export const ODDS_TOTAL_BPS = 10_000;
/** Rolls are integers 0..ROLL_RANGE-1, one per basis point. */
export const ROLL_RANGE = 10_000;

export const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
export const CLIENT_SEED_MAX_LENGTH = 64;
/** Printable ASCII: space (0x20) through tilde (0x7e). */
const CLIENT_SEED_PATTERN = /^[\x20-\x7e]{1,64}$/;

/** The result of checking one opening. */
export type OpeningCheck = {
  /** null when no expected hash was given */
  hashMatches: boolean | null;
  /** SHA-256 of the server seed as computed here, to compare by eye */
  serverSeedHash: string;
  roll: number;
  /** 0 Common, 1 Rare, 2 Epic, 3 Legendary */
  rarity: number;
};

export type OpeningInput = {
  serverSeed: string;
  serverSeedHash?: string | null;
  clientSeed: string;
  nonce: number;
  oddsBps: OddsBps;
};

export const isValidClientSeed = (s: unknown): s is string => typeof s === 'string' && CLIENT_SEED_PATTERN.test(s);

export const isValidServerSeed = (s: unknown): s is string => typeof s === 'string' && SERVER_SEED_PATTERN.test(s);

function assertServerSeed(serverSeed: unknown): asserts serverSeed is string {
  if (!isValidServerSeed(serverSeed)) {
    throw new TypeError('The server seed must be 64 lowercase hexadecimal characters.');
  }
}

function assertClientSeed(clientSeed: unknown): asserts clientSeed is string {
  if (!isValidClientSeed(clientSeed)) {
    throw new TypeError(
      `The client seed must be 1 to ${CLIENT_SEED_MAX_LENGTH} printable ASCII characters (letters, digits, punctuation or spaces).`,
    );
  }
}

function assertNonce(nonce: unknown): asserts nonce is number {
  if (typeof nonce !== 'number' || !Number.isSafeInteger(nonce) || nonce < 0) {
    throw new TypeError('The nonce must be a whole number from 0 up.');
  }
}

/** Throws unless the odds are four whole, non-negative basis-point figures summing to 10000. */
export function assertOddsBps(oddsBps: unknown): asserts oddsBps is OddsBps {
  if (
    !Array.isArray(oddsBps) ||
    oddsBps.length !== RARITY_NAMES.length ||
    !oddsBps.every((bps) => typeof bps === 'number' && Number.isInteger(bps) && bps >= 0)
  ) {
    throw new TypeError('The odds must be four whole numbers of basis points: common, rare, epic, legendary.');
  }
  const sum = (oddsBps as number[]).reduce((total, bps) => total + bps, 0);
  if (sum !== ODDS_TOTAL_BPS) {
    throw new RangeError(`The odds must sum to ${ODDS_TOTAL_BPS} basis points (100%); these sum to ${sum}.`);
  }
}

const subtle = (): SubtleCrypto => {
  const crypto = globalThis.crypto;
  if (!crypto?.subtle) throw new Error('Web Crypto (crypto.subtle) is not available here.');
  return crypto.subtle;
};

const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;

const toHex = (buffer: ArrayBuffer): string =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

// One pair serves many openings in a row: keep the last imported key instead of importing it per roll.
let lastKey: { serverSeed: string; key: Promise<CryptoKey> } | null = null;

function hmacKey(serverSeed: string): Promise<CryptoKey> {
  if (lastKey?.serverSeed !== serverSeed) {
    const key = subtle().importKey('raw', utf8(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    lastKey = { serverSeed, key };
    // A failed import must not stay cached.
    key.catch(() => {
      if (lastKey?.key === key) lastKey = null;
    });
  }
  return lastKey!.key;
}

/** SHA-256 of the server seed's hex text, lowercase hex: what the player sees before buying. */
export async function hashServerSeed(serverSeed: string): Promise<string> {
  assertServerSeed(serverSeed);
  return toHex(await subtle().digest('SHA-256', utf8(serverSeed)));
}

/** The roll (0..9999) of one opening. */
export async function rollFor(serverSeed: string, clientSeed: string, nonce: number): Promise<number> {
  assertServerSeed(serverSeed);
  assertClientSeed(clientSeed);
  assertNonce(nonce);
  const mac = await subtle().sign('HMAC', await hmacKey(serverSeed), utf8(`${clientSeed}:${nonce}`));
  const u = new DataView(mac).getUint32(0, false);
  // u < 2³², so u × 10000 < 2⁴⁶: exact in a double, and the floor is the true integer quotient.
  return Math.floor((u * ROLL_RANGE) / 2 ** 32);
}

/** The rarity index (0 Common … 3 Legendary) of a roll: the first tier whose cumulative odds exceed it. */
export function rarityForRoll(roll: number, oddsBps: OddsBps): number {
  if (!Number.isInteger(roll) || roll < 0 || roll >= ROLL_RANGE) {
    throw new RangeError(`The roll must be a whole number from 0 to ${ROLL_RANGE - 1}.`);
  }
  assertOddsBps(oddsBps);
  let cumulative = 0;
  for (let i = 0; i < oddsBps.length; i += 1) {
    cumulative += oddsBps[i]!;
    if (cumulative > roll) return i;
  }
  // Unreachable: the odds sum to 10000 and the roll is below it.
  throw new RangeError('The odds do not cover the roll.');
}

/**
 * Recomputes an opening from its revealed inputs: does the seed match the hash published
 * before the sale, and which roll and rarity does it give?
 */
export async function verifyOpening(input: OpeningInput): Promise<OpeningCheck> {
  const { serverSeed, clientSeed, nonce, oddsBps } = input;
  assertOddsBps(oddsBps);
  const serverSeedHash = await hashServerSeed(serverSeed);
  const roll = await rollFor(serverSeed, clientSeed, nonce);
  const expected = input.serverSeedHash?.trim().toLowerCase();
  return {
    hashMatches: expected ? expected === serverSeedHash : null,
    serverSeedHash,
    roll,
    rarity: rarityForRoll(roll, oddsBps),
  };
}
