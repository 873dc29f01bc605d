/** A collection's mint state (owned-assets.md §3, §4.1): 0 not minted, 1 minting, 2 minted. */
export const MINTING = 1;
export const MINTED = 2;

/** Minting or minted: no plot moves in or out, and it cannot be deleted (decision 0045). */
export const isFrozen = (state: number): boolean => state === MINTING || state === MINTED;

export const frozenNote = (name: string): string =>
  `${name} is minting or minted: its land cannot change, so plots cannot be added, removed or moved.`;

/**
 * How long to wait before asking for a minting collection's state again, after `asked` answers:
 * 2 s, growing by half each time, at most 15 s (a mint takes a block or a few; a slow chain is
 * not asked every second for minutes).
 */
export const mintPollDelay = (asked: number): number => Math.min(2_000 * 1.5 ** Math.max(0, asked - 1), 15_000);
