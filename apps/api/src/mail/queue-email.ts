import { emails } from '../db/schema/index.ts';
import type { DbOrTx } from '../db/client.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { MailContent } from './templates.ts';

export const DELIVER_EMAIL_JOB = 'deliver-email';

/** Stores the message and its delivery job in the caller's transaction. */
export async function queueEmail(db: DbOrTx, kind: string, to: string, content: MailContent): Promise<string> {
  const [row] = await db
    .insert(emails)
    .values({ kind, to, subject: content.subject, text: content.text, html: content.html })
    .returning({ id: emails.id });
  if (!row) throw new Error('e-mail row was not stored');
  await enqueueJob(db, DELIVER_EMAIL_JOB, { emailId: row.id }, { dedupeKey: `email:${row.id}` });
  return row.id;
}
