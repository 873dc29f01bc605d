import { isPaidOrderStatus } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { buildJobHandlers, buildOrdersService } from '../../composition.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { JobWorker } from '../../jobs/queue.ts';
import { outboxTransport } from '../../mail/transport.ts';
import { eventKinds, openSale, orderByCode, shopLine, stockOf, USD } from './payments.fixtures.ts';
import { buyByCard, press, shipsGrantedBy, startWebhookFront, type WebhookFront } from './sandbox-webhook.fixtures.ts';

/**
 * Pay and Abandon close the sandbox session and queue its event in one transaction; a job
 * delivers it until our webhook takes it (docs/decisions/0030). These tests stop the webhook
 * from taking it, as a server killed right after Pay would, and check that nothing is lost.
 */
type World = {
  database: Database;
  front: WebhookFront;
  token: string;
  ship: { id: string };
  /** a server on the shared database behind the front; its job worker runs when `worker` */
  serve(worker: boolean): Promise<TestApp>;
  /** the server stops at once, as if killed: what it had not delivered, it never will */
  crash(t: TestApp): Promise<void>;
  statusOf(code: string): Promise<string>;
  kindsOf(code: string, kind: string): Promise<number>;
};

let open: (() => Promise<void>) | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await open?.();
  open = undefined;
});

async function world(): Promise<World & { first: TestApp }> {
  const database = await createTestDatabase();
  const front = await startWebhookFront();
  const running = new Set<TestApp>();
  open = async () => {
    for (const t of running) await t.close();
    await front.close();
    await database.close();
  };
  const serve = async (worker: boolean) => {
    const t = await createTestApp({ database, env: { PUBLIC_URL: front.url } });
    running.add(t);
    front.serve(t.app);
    if (worker) t.app.jobs.start();
    return t;
  };
  const first = await serve(true);
  await first.createUser({ username: 'carder', password: 'carder-password-1' });
  const token = (await first.login('carder', 'carder-password-1')).access_token;
  const ship = await shopLine(database.db, 10, 75n * USD, 'Outbox Skiff');
  await openSale(database.db);
  return {
    database,
    front,
    token,
    ship,
    first,
    serve,
    async crash(t) {
      running.delete(t);
      front.serve(null);
      await t.close();
    },
    statusOf: async (code) => (await orderByCode(database.db, code)).status,
    async kindsOf(code, kind) {
      const order = await orderByCode(database.db, code);
      return (await eventKinds(database.db, order.id)).filter((k) => k === kind).length;
    },
  };
}

/** Runs due jobs until the order has the status (a failed delivery's retry is a moment away). */
const settle = (t: TestApp, w: World, code: string, status: string) =>
  expect
    .poll(async () => {
      await t.drainJobs();
      return w.statusOf(code);
    })
    .toBe(status);

describe('the card sandbox delivers its events through an outbox of jobs', () => {
  it('the server dies before its webhook takes the Pay event: the browser still goes to success_url, and the next server delivers it: paid and fulfilled once, Pay again pays nothing', async () => {
    const w = await world();
    const stock = await stockOf(w.database.db, w.ship.id);
    const { code, page } = await buyByCard(w.front.url, w.token, w.ship.id);
    w.front.refuseWebhook(Infinity);

    const res = await press(page, 'pay');
    // The card is charged: Stripe sends the player back; the result page waits for the confirmation.
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${w.front.url}/shop/stripe_payment/success?order=${code}`);
    expect(await w.statusOf(code)).toBe('pending');
    await w.crash(w.first);

    const next = await w.serve(false);
    w.front.refuseWebhook(0);
    await settle(next, w, code, 'fulfilled');
    const order = await orderByCode(w.database.db, code);
    expect(await w.kindsOf(code, 'paid')).toBe(1);
    expect(await w.kindsOf(code, 'fulfilled')).toBe(1);
    expect(await shipsGrantedBy(w.database.db, order.id)).toBe(1);
    expect(await stockOf(w.database.db, w.ship.id)).toBe(stock - 1);

    // Pay again (the back button): the session is complete, nothing is sent.
    expect((await press(page, 'pay')).status).toBe(409);
    // The delivery repeated, as after a crash between the webhook's 200 and the job marked done.
    await w.database.db.execute(sql`UPDATE jobs SET done_at = NULL, run_at = now() WHERE kind = 'sandbox.stripe_webhook'`);
    await next.drainJobs();
    expect(new Set(w.front.deliveries).size).toBe(1);
    expect(await w.kindsOf(code, 'paid')).toBe(1);
    expect(await shipsGrantedBy(w.database.db, order.id)).toBe(1);
    expect(await w.statusOf(code)).toBe('fulfilled');
  });

  it('a webhook that fails three times, then answers: one paid order, the same event each time', async () => {
    const w = await world();
    const { code, page } = await buyByCard(w.front.url, w.token, w.ship.id);
    w.front.refuseWebhook(3);
    expect((await press(page, 'pay')).status).toBe(303);
    // The first server's worker retries on its own, until the fourth delivery is taken.
    const delivery = async () =>
      (
        await queryRows<{ attempts: number; done: boolean }>(
          w.database.db,
          sql`SELECT attempts, done_at IS NOT NULL AS done FROM jobs WHERE kind = 'sandbox.stripe_webhook'`,
        )
      )[0];
    await expect.poll(delivery).toEqual({ attempts: 4, done: true });
    expect(w.front.deliveries).toHaveLength(4);
    expect(new Set(w.front.deliveries).size).toBe(1);
    expect(await w.statusOf(code)).toSatisfy(isPaidOrderStatus);
    expect(await w.kindsOf(code, 'paid')).toBe(1);
  });

  it('a retry after the 5-minute signature tolerance is still taken: the event is signed when it is sent', async () => {
    const w = await world();
    const { code, page } = await buyByCard(w.front.url, w.token, w.ship.id);
    w.front.refuseWebhook(Infinity);
    expect((await press(page, 'pay')).status).toBe(303);
    await w.first.app.jobs.stop();
    // Ten minutes on for every clock in this process: the webhook's check and the signer alike.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000);
    w.front.refuseWebhook(0);
    // Paid is the point; fulfilment is left out: its job, queued at the shifted time, is not due
    // on PostgreSQL, whose clock did not move.
    await expect
      .poll(async () => {
        await w.first.drainJobs();
        return w.statusOf(code);
      })
      .toSatisfy(isPaidOrderStatus);
    expect(await w.kindsOf(code, 'paid')).toBe(1);
  });

  it('Abandon goes through the same outbox: the stock comes back once the webhook takes the expired event', async () => {
    const w = await world();
    const before = await stockOf(w.database.db, w.ship.id);
    const { code, page } = await buyByCard(w.front.url, w.token, w.ship.id, 3);
    w.front.refuseWebhook(Infinity);
    const res = await press(page, 'abandon');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${w.front.url}/shop/stripe_payment/cancel?order=${code}`);
    // Closed for good, though our webhook has not heard yet: the stock is still held.
    expect((await press(page, 'pay')).status).toBe(409);
    expect(await w.statusOf(code)).toBe('pending');
    expect(await stockOf(w.database.db, w.ship.id)).toBe(before - 3);
    await w.crash(w.first);

    const next = await w.serve(false);
    w.front.refuseWebhook(0);
    await settle(next, w, code, 'failed');
    expect(await stockOf(w.database.db, w.ship.id)).toBe(before);
    expect(await w.kindsOf(code, 'stock_released')).toBe(1);
  });

  it('`npm run worker` (no Fastify app) delivers it over HTTP to an API copy that runs no jobs', async () => {
    const w = await world();
    const { code } = await paidThenCrashed(w);
    const api = await w.serve(false);
    expect(api.config.runWorkers).toBe(false);
    w.front.refuseWebhook(0);
    const refused = w.front.deliveries.length;
    const worker = separateWorker(w, w.front.url);
    await expect.poll(async () => (await worker.drain(), w.statusOf(code))).toBe('fulfilled');
    expect(w.front.deliveries.length).toBe(refused + 1);
    expect(await w.kindsOf(code, 'paid')).toBe(1);
  });

  it('`npm run worker` with PUBLIC_URL out of its reach delivers in-process: the same check and handler, no app', async () => {
    const w = await world();
    const { code } = await paidThenCrashed(w);
    const refused = w.front.deliveries.length;
    const worker = separateWorker(w, `http://127.0.0.1:${await closedPort()}`);
    await expect.poll(async () => (await worker.drain(), w.statusOf(code))).toBe('fulfilled');
    expect(w.front.deliveries.length).toBe(refused);
    expect(await w.kindsOf(code, 'paid')).toBe(1);
  });
});

/** Pay pressed while the webhook refuses, then the server gone: its event waits in the jobs table. */
async function paidThenCrashed(w: World & { first: TestApp }) {
  const bought = await buyByCard(w.front.url, w.token, w.ship.id);
  w.front.refuseWebhook(Infinity);
  expect((await press(bought.page, 'pay')).status).toBe(303);
  await w.crash(w.first);
  expect(await w.statusOf(bought.code)).toBe('pending');
  return bought;
}

/** A job worker as worker.ts builds it: the same handlers as the API's, and no Fastify app. */
function separateWorker(w: World & { first: TestApp }, publicUrl: string): JobWorker {
  const config = { ...w.first.config, publicUrl };
  const handlers = buildJobHandlers({ config, mail: outboxTransport(), orders: buildOrdersService(config, w.database.db) });
  return new JobWorker(w.database.db, handlers, Fastify({ logger: false }).log, { backoffBaseMs: 1 });
}

/** A port nothing listens on: a connection to it is refused at once. */
const closedPort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
