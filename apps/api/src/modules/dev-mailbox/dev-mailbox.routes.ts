import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { emails } from '../../db/schema/index.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

const QuerySchema = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const MailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.string(),
  transport: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/** The embedded outbox, newest first. Registered only outside production. */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const list = async (to: string | undefined, limit: number) => {
    const rows = await db
      .select()
      .from(emails)
      .where(to ? eq(emails.to, to) : undefined)
      .orderBy(desc(emails.createdAt))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.to,
      subject: r.subject,
      text: r.text,
      html: r.html,
      status: r.status,
      transport: r.transport,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
    }));
  };

  app.get('/mailbox.json', {
    schema: {
      tags: ['dev'],
      summary: 'The dev outbox as JSON (not in production)',
      querystring: QuerySchema,
      response: { 200: z.object({ error: z.literal(false), data: z.array(MailSchema) }) },
    },
    handler: async (req) => ({ error: false as const, data: await list(req.query.to, req.query.limit) }),
  });

  app.get('/mailbox', {
    schema: { tags: ['dev'], summary: 'The dev outbox as a page (not in production)', querystring: QuerySchema },
    handler: async (req, reply) => {
      const mails = await list(req.query.to, req.query.limit);
      const items = mails
        .map(
          (m) => `<article class="mail">
  <header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)} · ${escapeHtml(m.status)}</span></header>
  <iframe sandbox="allow-top-navigation-by-user-activation" title="${escapeHtml(m.subject)}" srcdoc="${escapeHtml(`<base target="_top">${m.html}`)}"></iframe>
</article>`,
        )
        .join('\n');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Starport dev mailbox</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#0b1020;color:#e6e9f5;margin:0;padding:16px}
.mail{background:#151b33;border-radius:10px;margin:0 0 16px;padding:12px}
.mail header{display:flex;flex-wrap:wrap;gap:8px;justify-content:space-between;margin-bottom:8px}
.mail span{color:#9aa3c7;font-size:13px}iframe{width:100%;height:360px;border:0;border-radius:8px;background:#0b1020}</style></head>
<body><h1>Dev mailbox</h1><p>Every e-mail Starport sent through the embedded outbox, newest first. JSON: <a href="/dev/mailbox.json" style="color:#8fa8ff">/dev/mailbox.json</a>.</p>
${items || '<p>No e-mail yet.</p>'}</body></html>`;
    },
  });
};
