import { randomBytes } from 'node:crypto';

/**
 * Usernames to try, in order, for a new wallet account: short and recognisable first
 * (`wallet_f39fd62266`: the address's first 6 and last 4 hex digits), longer if a player already
 * took that name, then with a random tail. All fit the sign-up rules (≤ 32 characters,
 * letters, digits and underscores), so the player could have chosen them too.
 */
export function* walletUsernames(address: string): Generator<string> {
  const hex = address.toLowerCase().replace(/^0x/, '');
  yield `wallet_${hex.slice(0, 6)}${hex.slice(-4)}`;
  yield `wallet_${hex.slice(0, 12)}${hex.slice(-8)}`;
  for (let i = 0; i < 5; i++) yield `wallet_${hex.slice(0, 8)}_${randomBytes(4).toString('hex')}`;
}
