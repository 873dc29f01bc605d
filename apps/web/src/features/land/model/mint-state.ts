/** A collection's mint state (owned-assets.md §3, §4.1): 0 not minted, 1 minting, 2 minted. */
export const MINTING = 1;
export const MINTED = 2;

/** Minting or minted: no plot moves in or out, and it cannot be deleted (decision 0045). */
export const isFrozen = (state: number): boolean => state === MINTING || state === MINTED;

export const frozenNote = (name: string): string =>
  `${name} is minting or minted: its land cannot change, so plots cannot be added, removed or moved.`;
