import { createServer, type IncomingHttpHeaders } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { bearer } from '../../../test/harness.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/**
 * Test fixtures for the card sandbox's webhook deliveries: a front at PUBLIC_URL, and the
 * player's side of a card checkout (buy, then a button on the hosted page).
 */

export type WebhookFront = {
  url: string;
  /** the server behind the front, as a proxy in front of restarting processes; none: 502 */
  serve(app: FastifyInstance | null): void;
  /** the webhook address answers 503 to the next `n` deliveries (Infinity: until told otherwise) */
  refuseWebhook(n: number): void;
  /** called as each delivery arrives, before it is answered (a test kills the server there) */
  whenWebhookCalled(fn: (() => void) | null): void;
  /** the event id of every delivery that reached the webhook address, refused or taken, in order */
  readonly deliveries: string[];
  close(): Promise<void>;
};

/** Hop-by-hop headers: they describe one connection, not the answer being passed on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding'];

/**
 * A listener at PUBLIC_URL that hands every request to the current server in-process (so a
 * server can be closed and another started behind the same address), and can make our own
 * webhook refuse deliveries, as a dying server or a broken deploy would.
 */
export async function startWebhookFront(): Promise<WebhookFront> {
  let target: FastifyInstance | null = null;
  let refusals = 0;
  let onWebhook: (() => void) | null = null;
  const deliveries: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      void (async () => {
        if (req.url === '/api/stripe/webhook') {
          deliveries.push((JSON.parse(body.toString('utf8')) as { id: string }).id);
          onWebhook?.();
          if (refusals > 0) {
            refusals -= 1;
            return res.writeHead(503).end();
          }
        }
        if (!target) return res.writeHead(502).end();
        const answer = await target.inject({
          method: req.method as InjectOptions['method'],
          url: req.url ?? '/',
          headers: req.headers as IncomingHttpHeaders,
          ...(body.length > 0 ? { payload: body } : {}),
        });
        const headers = { ...answer.headers };
        for (const h of HOP_BY_HOP) delete headers[h];
        res.writeHead(answer.statusCode, headers).end(answer.rawPayload);
      })().catch((err: Error) => res.writeHead(500).end(err.message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    serve: (app) => void (target = app),
    refuseWebhook: (n) => void (refusals = n),
    whenWebhookCalled: (fn) => void (onWebhook = fn),
    deliveries,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A card order through the real buy call at `base`: its code and the sandbox page to pay it on. */
export async function buyByCard(base: string, token: string, shipId: string, total = 1) {
  const res = await fetch(`${base}/api/stripe/buy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify({ ids: [{ id: shipId, total, object: 'spaceship' }] }),
  });
  expect(res.status).toBe(200);
  const b = (await res.json()) as { data: string; order: string };
  return { code: b.order, page: b.data };
}

/** A button of the hosted page, as a browser form posts it: urlencoded, no fields, redirects not followed. */
export const press = (page: string, button: 'pay' | 'decline' | 'abandon') =>
  fetch(`${page}/${button}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });

/** Ships owned through an order's lines: what fulfilment granted. */
export async function shipsGrantedBy(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM owned_ships os JOIN order_lines l ON l.id = os.order_line_id
        WHERE l.order_id = ${orderId}`,
  );
  return Number(row?.n ?? 0);
}
