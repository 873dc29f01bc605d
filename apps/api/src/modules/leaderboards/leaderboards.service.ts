import type { Db } from '../../db/client.ts';
import { avatarUrl } from '../accounts/index.ts';
import * as repo from './leaderboards.repo.ts';

/** A wallet code shown the way the header shows wallets: first 5 and last 5 characters. */
const shortCode = (ref: string) => (ref.length > 12 ? `${ref.slice(0, 5)}...${ref.slice(-5)}` : ref);

/**
 * The board is public: a name that looks like an e-mail address (usernames cannot hold '@'
 * today, but older or imported rows might) shows only its first letter and stars.
 */
export const publicName = (name: string) => (name.includes('@') ? `${name.slice(0, 1)}***` : name);

export class LeaderboardsService {
  private readonly now: () => Date;

  constructor(private readonly d: { db: Db; now?: () => Date }) {
    this.now = d.now ?? (() => new Date());
  }

  async topReferrers(q: { page: number; limit: number; period: 'month' | 'all' }) {
    const now = this.now();
    const since = q.period === 'month' ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) : null;
    const offset = (q.page - 1) * q.limit;
    const [rows, total] = await Promise.all([
      repo.topReferrers(this.d.db, since, q.limit, offset),
      repo.countReferrers(this.d.db, since),
    ]);
    return {
      data: rows.map((r, i) => ({
        _id: r.user_id ?? r.ref,
        rank: offset + i + 1,
        user_name: r.username ? publicName(r.username) : shortCode(r.ref),
        avatar: avatarUrl(r.avatar),
        point_number: r.points,
      })),
      total,
      period: q.period,
    };
  }
}
