import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/harness.ts';
import { emails, jobs } from '../db/schema/index.ts';
import { DELIVER_EMAIL_JOB } from './queue-email.ts';
import { smtpTransport, type MailTransport } from './transport.ts';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on a random local port; `accepting` can be switched off to simulate an outage. */
async function startSmtpServer() {
  const received: Received[] = [];
  const state = { accepting: true };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.accepting) return callback();
      const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded bodies of every MIME part (quoted-printable or base64), so links can be read whole. */
function decodedText(raw: string): string {
  const out: string[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split).toLowerCase();
    const content = part.slice(split).trim();
    const encoding = /content-transfer-encoding:\s*([\w-]+)/.exec(headers)?.[1];
    if (encoding === 'base64') out.push(Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (encoding === 'quoted-printable') {
      const bytes = content.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      out.push(Buffer.from(bytes, 'latin1').toString('utf8'));
    } else out.push(content);
  }
  return out.join('\n');
}

describe('e-mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let mail: MailTransport;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mail = smtpTransport(`smtp://127.0.0.1:${smtp.port}`);
    t = await createTestApp({ mail });
  });
  afterAll(async () => {
    await t?.close();
    mail?.close();
    await smtp?.close();
  });

  const signUp = async (username: string, email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/registry', payload: { username, email, password: 'smtp-password-1' } });
    expect(res.statusCode).toBe(200);
    expect(body(res).error).toBe(false);
  };
  const rowFor = async (to: string) => {
    const rows = await t.database.db.select().from(emails).where(eq(emails.to, to));
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };
  const jobFor = async (emailId: string) => {
    const rows = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, DELIVER_EMAIL_JOB), eq(jobs.dedupeKey, `email:${emailId}`)));
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  it('delivers the activation mail to the SMTP server with the PUBLIC_URL link', async () => {
    await signUp('Smtp_Pilot', 'smtp.pilot@example.com');
    // Queued in the request's transaction, not sent yet.
    expect((await rowFor('smtp.pilot@example.com')).status).toBe('queued');
    expect(smtp.received).toHaveLength(0);

    await t.drainJobs();

    expect(smtp.received).toHaveLength(1);
    const msg = smtp.received[0]!;
    expect(msg.to).toEqual(['smtp.pilot@example.com']);
    expect(msg.from).toBe('no-reply@starport.local');
    expect(msg.raw).toMatch(/^Subject: Activate your Starport account\r?$/m);
    expect(msg.raw).toMatch(/^To: smtp\.pilot@example\.com\r?$/m);
    const text = decodedText(msg.raw);
    const link = new RegExp(`${TEST_PUBLIC_URL.replace(/\./g, '\\.')}/email_active\\?key=([A-Za-z0-9_-]{43})`).exec(text);
    expect(link?.[1]).toBeTruthy();

    const row = await rowFor('smtp.pilot@example.com');
    expect(row).toMatchObject({ status: 'sent', transport: 'smtp' });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.messageId).toBeTruthy();
    // The link mailed is the one stored, and it activates the account.
    expect(row.text).toContain(`${TEST_PUBLIC_URL}/email_active?key=${link![1]}`);
    const activate = await t.app.inject({ method: 'GET', url: `/api/account/active/${link![1]}` });
    expect(activate.statusCode).toBe(200);

    await t.drainJobs();
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps the mail queued and retries the job while the server rejects it, then delivers it once', async () => {
    const to = 'smtp.outage@example.com';
    smtp.state.accepting = false;
    try {
      await signUp('Smtp_Outage', to);
      const { id } = await rowFor(to);
      // One attempt at a time (the harness backs off by 1 ms, so drain() would use up every
      // attempt at once); the retry is made due explicitly rather than by waiting.
      expect(await t.app.jobs.runOnce()).toBe(1);
      await t.database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.dedupeKey, `email:${id}`));
      expect(await t.app.jobs.runOnce()).toBe(1);

      const row = await rowFor(to);
      expect(row).toMatchObject({ status: 'queued', transport: null, sentAt: null });
      const job = await jobFor(id);
      expect(job.attempts).toBe(2);
      expect(job.doneAt).toBeNull();
      expect(job.failedAt).toBeNull();
      expect(job.lockedUntil).toBeNull();
      expect(job.lastError).toMatch(/451|unavailable|rejected/i);
      expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(0);
    } finally {
      smtp.state.accepting = true;
    }

    await t.drainJobs();
    await t.drainJobs();
    const delivered = smtp.received.filter((m) => m.to.includes(to));
    expect(delivered).toHaveLength(1);
    expect(decodedText(delivered[0]!.raw)).toContain(`${TEST_PUBLIC_URL}/email_active?key=`);
    const row = await rowFor(to);
    expect(row).toMatchObject({ status: 'sent', transport: 'smtp' });
    const job = await jobFor(row.id);
    expect(job.attempts).toBe(3);
    expect(job.doneAt).toBeInstanceOf(Date);
    expect(job.failedAt).toBeNull();
  });
});
