import type { ActiveSeed, MyOpening, PublicOpening, RevealedSeed } from '@starport/schemas';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { iso } from '../../lib/money.ts';
import { activePair, rotatePair, type RevealedPair, type SeedPairRow } from './seed-pairs.ts';
import * as repo from './fairness.repo.ts';
import { openingView } from './opening-view.ts';

export type Rotation = { revealed: RevealedSeed | null; active: ActiveSeed };

/** The active pair as its player sees it: the hash, never the server seed. */
const activeView = (p: SeedPairRow): ActiveSeed => ({
  server_seed_hash: p.serverSeedHash,
  client_seed: p.clientSeed,
  next_nonce: p.nextNonce,
  created_at: iso(p.createdAt),
});

const revealedView = (p: RevealedPair): RevealedSeed => ({
  server_seed: p.serverSeed,
  server_seed_hash: p.serverSeedHash,
  client_seed: p.clientSeed,
  last_nonce: p.lastNonce,
});

/**
 * Provably fair openings, the player's side (docs/decisions/0017): the seed pair, its
 * rotation and the openings to check. Openings themselves happen in order fulfilment and
 * when a redeem code grants boxes.
 */
export class FairnessService {
  constructor(private readonly db: Db) {}

  /** The caller's active pair, made on the first call. */
  async seed(userId: string): Promise<ActiveSeed> {
    return activeView(await activePair(this.db, userId));
  }

  /**
   * Ends the active pair, revealing its server seed, and starts a new one: with `clientSeed`,
   * or keeping the current client seed. Waits for an opening that is using the pair.
   */
  async rotate(userId: string, clientSeed?: string): Promise<Rotation> {
    const { revealed, active } = await this.db.transaction((tx) => rotatePair(tx, userId, clientSeed));
    return { revealed: revealed ? revealedView(revealed) : null, active: activeView(active) };
  }

  async openings(userId: string, page: number, limit: number): Promise<{ data: MyOpening[]; total: number }> {
    const { rows, total } = await repo.listOwned(this.db, userId, page, limit);
    return { data: rows.map((r) => ({ ...openingView(r), order_code: r.order_code })), total };
  }

  /** One opening, for anyone: what was drawn and how, without the player or the order. */
  async opening(id: string): Promise<PublicOpening> {
    const row = await repo.findById(this.db, id);
    if (!row) throw notFound('No such opening.');
    return openingView(row);
  }
}
