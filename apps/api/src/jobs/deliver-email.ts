import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { emails } from '../db/schema/index.ts';
import type { MailTransport } from '../mail/transport.ts';
import { PermanentJobError, type JobHandler } from './queue.ts';

const PayloadSchema = z.object({ emailId: z.uuid() });

/** Sends one stored e-mail; a message already marked sent is never sent again. */
export function deliverEmailJob(transport: MailTransport, from: string): JobHandler {
  return async (payload, { db, log }) => {
    const parsed = PayloadSchema.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError('bad deliver-email payload');
    const [mail] = await db.select().from(emails).where(eq(emails.id, parsed.data.emailId));
    if (!mail) throw new PermanentJobError(`e-mail ${parsed.data.emailId} does not exist`);
    if (mail.status === 'sent') return;
    const { messageId } = await transport.send({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    await db
      .update(emails)
      .set({ status: 'sent', sentAt: new Date(), transport: transport.name, messageId })
      .where(eq(emails.id, mail.id));
    log.info({ emailId: mail.id, kind: mail.kind, transport: transport.name }, 'e-mail delivered');
  };
}
