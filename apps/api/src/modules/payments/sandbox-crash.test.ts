import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { eventKinds, openSale, orderByCode, shopLine, stockOf, USD } from './payments.fixtures.ts';
import { press, shipsGrantedBy, startWebhookFront, type WebhookFront } from './sandbox-webhook.fixtures.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** A server as `npm start` runs it (main.ts, its job worker in-process), on the test's database. */
async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = s.address() as { port: number };
      s.close(() => resolve(p));
    });
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVE_WEB: '0',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      CHAIN_IDS: '',
      LOCAL_CHAIN: '0',
      RUN_WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // Up when it answers: a condition, asked again every 100 ms; a server that exits fails at once.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) return { url, child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Always on real PostgreSQL: two processes share the database, one after the other.
describe('on PostgreSQL: the server process killed between closing the session and delivering its event', () => {
  let database: (Database & { url?: string }) | undefined;
  let front: WebhookFront | undefined;
  let server: ChildProcess | undefined;
  let next: TestApp | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starport-sandbox-crash-'));
  afterAll(async () => {
    if (server?.exitCode === null) server.kill('SIGKILL');
    await next?.close();
    await front?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGKILL as the Pay event leaves: the next server delivers it, the order is paid and fulfilled once, and Pay again pays nothing', async () => {
    database = await createTestDatabase('postgres');
    const db = database.db;
    // The player and the stock, written before the server starts; DATA_DIR holds the sandbox's secret.
    const setup = await createTestApp({ database, env: { DATA_DIR: dataDir } });
    await setup.createUser({ username: 'crashpay', password: 'crashpay-password-1' });
    await setup.close();
    const ship = await shopLine(db, 10, 75n * USD, 'Crash Skiff');
    await openSale(db);
    const stock = await stockOf(db, ship.id);

    // PUBLIC_URL is the front: when the event reaches it, the server is killed before any answer.
    front = await startWebhookFront();
    front.refuseWebhook(Infinity);
    const started = await startServer({ DATABASE_URL: database.url!, DATA_DIR: dataDir, PUBLIC_URL: front.url });
    server = started.child;
    const killed = new Promise((resolve) => server!.once('exit', (_code, signal) => resolve(signal)));
    front.whenWebhookCalled(() => server!.kill('SIGKILL'));

    const login = await fetch(`${started.url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crashpay', password: 'crashpay-password-1', remember: true }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const buy = await fetch(`${started.url}/api/stripe/buy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: JSON.stringify({ ids: [{ id: ship.id, total: 1, object: 'spaceship' }] }),
    });
    const { order: code, data: page } = (await buy.json()) as { order: string; data: string };
    // The page's address is PUBLIC_URL's; the browser here talks to the server itself.
    const onServer = page.replace(front.url, started.url);

    // Pay: the server dies with the request, so the browser gets no answer at all.
    await expect(press(onServer, 'pay')).rejects.toThrow();
    expect(await killed).toBe('SIGKILL');
    expect(front.deliveries).toHaveLength(1);
    expect((await orderByCode(db, code)).status).toBe('pending');

    // The dead worker's claim on its job would lapse in 60 s; a test does not wait for that.
    await db.execute(sql`UPDATE jobs SET locked_until = now() WHERE locked_until IS NOT NULL`);
    next = await createTestApp({ database, env: { DATA_DIR: dataDir, PUBLIC_URL: front.url } });
    front.serve(next.app);
    front.whenWebhookCalled(null);
    front.refuseWebhook(0);
    await expect
      .poll(async () => {
        await next!.drainJobs();
        return (await orderByCode(db, code)).status;
      })
      .toBe('fulfilled');

    const order = await orderByCode(db, code);
    expect((await eventKinds(db, order.id)).filter((k) => k === 'paid')).toHaveLength(1);
    expect(await shipsGrantedBy(db, order.id)).toBe(1);
    expect(await stockOf(db, ship.id)).toBe(stock - 1);
    expect(new Set(front.deliveries).size).toBe(1);
    // The player presses Pay again after the restart: the session is complete, nothing more is paid.
    expect((await press(page, 'pay')).status).toBe(409);
    expect((await eventKinds(db, order.id)).filter((k) => k === 'paid')).toHaveLength(1);
  });
});
