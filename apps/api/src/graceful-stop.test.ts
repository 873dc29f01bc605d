import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config.ts';
import { ConnectionWatch, stopGraceMs, stopGracefully } from './graceful-stop.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => (resolve = res));
  return { promise, resolve };
}

/** A logger whose lines the test reads. */
function captureLog() {
  const lines: string[] = [];
  const log = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } }).log;
  return { log, lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * A GET over a keep-alive connection (as a browser, a load balancer or our own webhook calls
 * send them). `connected` settles on its socket, `response` on the headers, `done` on the whole body.
 */
function get(agent: http.Agent, port: number, path: string) {
  const request = http.get({ host: '127.0.0.1', port, path, agent });
  const connected = new Promise<Socket>((resolve) => request.once('socket', resolve));
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  const done = response.then(async (res): Promise<Answer> => {
    let body = '';
    for await (const chunk of res) body += chunk;
    return { status: res.statusCode!, headers: res.headers, body };
  });
  return { connected, response, done };
}

describe('graceful stop of a listening server', () => {
  let app: FastifyInstance;
  let agent: http.Agent;
  afterEach(async () => {
    agent?.destroy();
    await app?.close();
  });

  /** A real server on 127.0.0.1, watched from before it listens, as runtime.ts does. */
  async function listen(routes: (app: FastifyInstance) => void) {
    app = Fastify({ logger: false });
    routes(app);
    const connections = new ConnectionWatch(app.server);
    await app.listen({ host: '127.0.0.1', port: 0 });
    agent = new http.Agent({ keepAlive: true });
    return { connections, port: (app.server.address() as AddressInfo).port };
  }

  it('a keep-alive request in flight when the stop begins completes, its answer closes the connection, and the stop finishes', async () => {
    const started = deferred();
    const release = deferred();
    const { connections, port } = await listen((app) =>
      app.get('/slow', async () => {
        started.resolve();
        await release.promise;
        return { ok: true };
      }),
    );
    const slow = get(agent, port, '/slow');
    const socketClosed = once(await slow.connected, 'close');
    await started.promise;

    const stopped = stopGracefully({ close: () => app.close(), graceMs: 60_000, log: app.log, connections });
    // The server has stopped listening (server.close() closed the connections idle then) while
    // this one is still busy: the case that held a stop for 72 s.
    await expect.poll(() => app.server.listening).toBe(false);
    release.resolve();
    const answer = await slow.done;
    expect(answer).toMatchObject({ status: 200, body: '{"ok":true}' });
    // Without this the connection would sit idle until keepAliveTimeout (72 s), holding the stop.
    expect(answer.headers.connection).toBe('close');
    await socketClosed;
    expect(await stopped).toBe(true);
  });

  it('a response already under way when the stop begins: its connection is closed as soon as it is idle', async () => {
    const release = deferred();
    const { connections, port } = await listen((app) =>
      app.get('/stream', (_req, reply) => {
        reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'text/plain' });
        reply.raw.write('first ');
        void release.promise.then(() => reply.raw.end('last'));
      }),
    );
    const stream = get(agent, port, '/stream');
    // Its headers went out before the stop, promising keep-alive.
    expect((await stream.response).headers.connection).toBe('keep-alive');
    const socket = await stream.connected;
    const socketClosed = once(socket, 'close');

    const stopped = stopGracefully({ close: () => app.close(), graceMs: 60_000, log: app.log, connections });
    // The server has stopped listening (server.close() closed the connections idle then) while
    // this one is still busy: the case that held a stop for 72 s.
    await expect.poll(() => app.server.listening).toBe(false);
    release.resolve();
    expect(await stream.done).toMatchObject({ status: 200, body: 'first last' });
    await socketClosed;
    expect(await stopped).toBe(true);
  });

  it('past the deadline, the connections left are destroyed, what was cut is logged, and the stop returns', async () => {
    const logs = captureLog();
    const started = deferred();
    const never = deferred();
    const { connections, port } = await listen((app) =>
      app.get('/stuck', async () => {
        started.resolve();
        await never.promise;
        return { ok: true };
      }),
    );
    const stuck = get(agent, port, '/stuck?token=secret-in-query');
    const failed = stuck.done.then(
      () => 'answered',
      (err: NodeJS.ErrnoException) => err.code,
    );
    await started.promise;

    const stopped = await stopGracefully({
      close: () => app.close(),
      graceMs: 200,
      settleMs: 200,
      log: logs.log,
      connections,
      pending: () => ({ jobs: [7] }),
    });
    expect(stopped).toBe(false);
    expect(await failed).toBe('ECONNRESET');
    const cut = logs.lines().find((line) => line.msg === 'stop deadline passed: cutting what still runs');
    expect(cut).toMatchObject({ level: 40, graceMs: 200, requests: ['GET /stuck'], connections: 1, jobs: [7] });
    expect(JSON.stringify(logs.lines())).not.toContain('secret-in-query');
    never.resolve();
  });

  it('the worker process: a job that outlasts the grace is logged and the stop returns anyway', async () => {
    const logs = captureLog();
    const stopped = await stopGracefully({
      close: () => new Promise<void>(() => {}),
      graceMs: 100,
      settleMs: 100,
      log: logs.log,
      pending: () => ({ jobs: [41, 42] }),
    });
    expect(stopped).toBe(false);
    expect(logs.lines().find((line) => line.msg === 'stop deadline passed: cutting what still runs')).toMatchObject({ graceMs: 100, jobs: [41, 42] });
  });
});

describe('STOP_GRACE_SECONDS', () => {
  it('is 8 s unless set, takes fractions, and refuses nonsense with the key named', () => {
    expect(stopGraceMs({})).toBe(8000);
    expect(stopGraceMs({ STOP_GRACE_SECONDS: '' })).toBe(8000);
    expect(stopGraceMs({ STOP_GRACE_SECONDS: '2.5' })).toBe(2500);
    for (const bad of ['0', '-1', 'soon', '99999']) {
      expect(() => stopGraceMs({ STOP_GRACE_SECONDS: bad })).toThrow(ConfigError);
      expect(() => stopGraceMs({ STOP_GRACE_SECONDS: bad })).toThrow(/STOP_GRACE_SECONDS/);
    }
  });
});
