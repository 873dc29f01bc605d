import { sql } from 'drizzle-orm';
import { loadSharp } from '../lib/sharp-when-used.ts';
import type { Config } from '../config.ts';
import { queryRows, type Db } from '../db/client.ts';
import { createObjectStorage, uploadSigningKey } from '../lib/object-storage/index.ts';
import { ProfileService } from '../modules/accounts/index.ts';

/** A drawn badge, so the header and the leaderboard show a real avatar from the first start. */
function badge(initial: string, from: string, to: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="800" height="800" fill="url(#g)"/>
    <circle cx="400" cy="400" r="250" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="24"/>
    <text x="400" y="470" font-family="sans-serif" font-size="220" font-weight="700" fill="#ffffff" text-anchor="middle">${initial}</text>
  </svg>`);
}

/**
 * Gives the demo captain an avatar (the pilot keeps none, to show the initial). Called only when
 * the demo accounts were created now, so an avatar a player removed does not come back.
 */
export async function seedDemoAvatars(db: Db, config: Config): Promise<void> {
  const [captain] = await queryRows<{ id: string }>(db, sql`SELECT id::text AS id FROM users WHERE username = 'captain' AND avatar IS NULL`);
  if (!captain) return;
  const storage = createObjectStorage({ dataDir: config.dataDir, jwtSecret: config.jwtAccessSecret, s3: config.s3 });
  const profile = new ProfileService({ db, storage, signingKey: uploadSigningKey(config.jwtAccessSecret) });
  await profile.adoptImage(captain.id, await loadSharp()(badge('C', '#1f6feb', '#8957e5')).png().toBuffer());
}
