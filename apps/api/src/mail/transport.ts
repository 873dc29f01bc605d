import type nodemailerModule from 'nodemailer';
import { loadWhenUsed } from '../lib/load-when-used.ts';

/** nodemailer only when SMTP_URL is set: the embedded outbox needs none of it. */
const nodemailer = loadWhenUsed<typeof nodemailerModule>('nodemailer');

export type OutgoingMail = { from: string; to: string; subject: string; text: string; html: string };

/** Where e-mail goes: the embedded outbox (the emails table itself) or an SMTP server. */
export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  send(mail: OutgoingMail): Promise<{ messageId: string | null }>;
  close(): void;
}

/**
 * The embedded default: the queued row is the message, so delivering it is marking it
 * sent. /dev/mailbox lists what was delivered this way.
 */
export function outboxTransport(): MailTransport {
  return { name: 'outbox', send: async () => ({ messageId: null }), close: () => {} };
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer().createTransport(url);
  return {
    name: 'smtp',
    async send(mail) {
      const info = await transporter.sendMail(mail);
      return { messageId: info.messageId ?? null };
    },
    close: () => transporter.close(),
  };
}
