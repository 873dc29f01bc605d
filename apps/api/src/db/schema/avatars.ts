import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Avatar upload slots (docs/decisions/0040): one row per signed upload URL. The key is random
 * and bound to the player who asked for it; `uploaded_at` makes the embedded PUT URL single-use
 * and `used_at` makes the upload become an avatar at most once.
 */
export const avatarUploads = pgTable(
  'avatar_uploads',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('avatar_uploads_user_idx').on(t.userId)],
);
