/**
 * The token id of a metadata URL as a number, or null when no asset can have it. A 64-character
 * id is the ERC-1155 `{id}` form (hex, zero-padded) and is read as hex; anything else is decimal.
 * The schema has already refused other shapes (400). Our ids are database keys, so an id past
 * Number.MAX_SAFE_INTEGER names nothing (404), and is never handed to the database.
 */
export function tokenIdOf(raw: string): number | null {
  const value = raw.length === 64 ? BigInt(`0x${raw}`) : BigInt(raw);
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
}
