import { createHash } from 'node:crypto';
import { emails } from '../db/schema/index.ts';
import type { DbOrTx } from '../db/client.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { MailContent } from './templates.ts';

export const DELIVER_EMAIL_JOB = 'deliver-email';

/**
 * Stores the message and its delivery job in the caller's transaction. With `onceFor`, the
 * message's id is derived from that key, so queueing it again (a retried job) stores nothing.
 */
export async function queueEmail(db: DbOrTx, kind: string, to: string, content: MailContent, opts: { onceFor?: string } = {}): Promise<string> {
  const id = opts.onceFor === undefined ? undefined : uuidFrom(opts.onceFor);
  const [row] = await db
    .insert(emails)
    .values({ ...(id ? { id } : {}), kind, to, subject: content.subject, text: content.text, html: content.html })
    .onConflictDoNothing({ target: emails.id })
    .returning({ id: emails.id });
  if (!row) {
    if (id) return id;
    throw new Error('e-mail row was not stored');
  }
  await enqueueJob(db, DELIVER_EMAIL_JOB, { emailId: row.id }, { dedupeKey: `email:${row.id}` });
  return row.id;
}

/** A UUID-shaped id that is always the same for the same key. */
function uuidFrom(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
