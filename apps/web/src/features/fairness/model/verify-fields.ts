import {
  assertOddsBps,
  CLIENT_SEED_MAX_LENGTH,
  isValidClientSeed,
  isValidServerSeed,
  type OpeningInput,
} from '@starport/schemas/fairness';
import { paths } from '../../../config/paths.ts';
import type { OpeningOdds, PublicOpening } from '@starport/schemas';

/** The verifier's form, as typed: every field is text until it is checked. */
export type VerifyFields = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  /** "common,rare,epic,legendary" in basis points */
  odds: string;
};

/** Query parameter of each field; the Verify links and the form agree on these names. */
const QUERY_NAMES: Record<keyof VerifyFields, string> = {
  serverSeed: 'server_seed',
  serverSeedHash: 'server_seed_hash',
  clientSeed: 'client_seed',
  nonce: 'nonce',
  odds: 'odds',
};

export const CLIENT_SEED_RULE = `1 to ${CLIENT_SEED_MAX_LENGTH} printable ASCII characters: letters, digits, punctuation or spaces.`;

/** The fields a link fills in; absent parameters stay absent so other defaults can apply. */
export function fieldsFromSearch(search: URLSearchParams): Partial<VerifyFields> {
  const fields: Partial<VerifyFields> = {};
  for (const [field, name] of Object.entries(QUERY_NAMES) as [keyof VerifyFields, string][]) {
    const value = search.get(name);
    if (value !== null) fields[field] = value;
  }
  return fields;
}

export const oddsText = (odds: OpeningOdds): string => [odds.common, odds.rare, odds.epic, odds.legend].join(',');

/** The verifier's address for a set of fields; empty ones are left out. */
export function verifyHref(fields: Partial<VerifyFields>): string {
  const query: Record<string, string> = {};
  for (const [field, name] of Object.entries(QUERY_NAMES) as [keyof VerifyFields, string][]) {
    const value = fields[field];
    if (value) query[name] = value;
  }
  return paths.fairnessVerify.getHref(query);
}

/** What the verifier needs to recompute one opening (its server seed once revealed). */
export const fieldsOfOpening = (
  opening: Pick<PublicOpening, 'server_seed' | 'server_seed_hash' | 'client_seed' | 'nonce' | 'odds'>,
): VerifyFields => ({
  serverSeed: opening.server_seed ?? '',
  serverSeedHash: opening.server_seed_hash,
  clientSeed: opening.client_seed,
  nonce: String(opening.nonce),
  odds: oddsText(opening.odds),
});

/** "7000, 2200, 700, 100" → four whole numbers; null when it is anything else. */
function parseOdds(text: string): number[] | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 4 || parts.some((part) => !/^\d+$/.test(part))) return null;
  return parts.map(Number);
}

export type CheckedFields = { input: OpeningInput; problem?: undefined } | { problem: string; input?: undefined };

/** Turns the typed fields into the verifier's input, or the first thing wrong with them. */
export function checkFields(fields: VerifyFields): CheckedFields {
  const serverSeed = fields.serverSeed.trim();
  if (!serverSeed) return { problem: 'Enter the server seed. It is shown once its seed pair has been rotated.' };
  if (!isValidServerSeed(serverSeed)) {
    return { problem: 'The server seed must be 64 lowercase hexadecimal characters (0–9, a–f).' };
  }
  // The client seed is used exactly as typed: spaces count.
  if (!isValidClientSeed(fields.clientSeed)) return { problem: `The client seed must be ${CLIENT_SEED_RULE}` };
  const nonceText = fields.nonce.trim();
  const nonce = Number(nonceText);
  if (!/^\d+$/.test(nonceText) || !Number.isSafeInteger(nonce)) {
    return { problem: 'The nonce must be a whole number from 0 up.' };
  }
  const odds = parseOdds(fields.odds);
  if (!odds) return { problem: 'Enter the odds as four whole numbers of basis points: common, rare, epic, legendary.' };
  try {
    assertOddsBps(odds);
  } catch (error) {
    return { problem: (error as Error).message };
  }
  const serverSeedHash = fields.serverSeedHash.trim();
  return { input: { serverSeed, serverSeedHash: serverSeedHash || null, clientSeed: fields.clientSeed, nonce, oddsBps: odds } };
}
