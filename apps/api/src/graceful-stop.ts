import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ConfigError } from './config.ts';

const GraceSchema = z.coerce.number().positive().max(3600).default(8);

/** STOP_GRACE_SECONDS, in ms: how long a stop may take before what still runs is cut. */
export function stopGraceMs(env: Record<string, string | undefined> = process.env): number {
  const parsed = GraceSchema.safeParse(env.STOP_GRACE_SECONDS || undefined);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n  STOP_GRACE_SECONDS: ${parsed.error.issues.map((i) => i.message).join(', ')}`);
  }
  return parsed.data * 1000;
}

/**
 * Follows an HTTP server's connections and responses from its start, for a stop.
 *
 * Node's server.close() stops listening and closes the connections idle at that moment, then
 * waits for the others. A keep-alive connection busy at that moment finishes its request, says
 * "keep-alive", and then sits idle until keepAliveTimeout (72 s in Fastify) while close() waits
 * for it: a stop under load took 72 s. So once closing, every response not yet begun carries
 * `Connection: close` (Node ends the connection once it is sent, and the client knows not to
 * reuse it), and idle connections are swept again and again, for the responses that had begun.
 */
export class ConnectionWatch {
  private readonly responses = new Set<ServerResponse>();
  private readonly sockets = new Set<Socket>();
  private closing = false;
  private sweeper: NodeJS.Timeout | undefined;

  /** Create it before the server listens: a stop must know every response in flight. */
  constructor(
    private readonly server: Server,
    private readonly sweepMs = 200,
  ) {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.on('request', (_req, res: ServerResponse) => {
      this.responses.add(res);
      res.once('close', () => this.responses.delete(res));
      if (this.closing) closeAfter(res);
    });
    server.once('close', () => this.stopSweeping());
  }

  /** Each connection ends as soon as it has nothing in flight, from now on. */
  beginClosing(): void {
    if (this.closing) return;
    this.closing = true;
    for (const res of this.responses) closeAfter(res);
    this.server.closeIdleConnections();
    this.sweeper = setInterval(() => this.server.closeIdleConnections(), this.sweepMs);
    this.sweeper.unref();
  }

  /** Destroys every connection left, requests in flight included; says what that cut. */
  cut(): { requests: string[]; connections: number } {
    this.stopSweeping();
    // The path without its query string (which may carry a token).
    const requests = [...this.responses].map((res) => `${res.req.method} ${res.req.url?.split('?')[0]}`);
    const connections = this.sockets.size;
    for (const socket of this.sockets) socket.destroy();
    return { requests, connections };
  }

  private stopSweeping() {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }
}

/** A response that has not begun ends its connection once sent. */
function closeAfter(res: ServerResponse) {
  if (!res.headersSent) res.setHeader('connection', 'close');
}

export type StopOptions = {
  /** Stops everything in order: the server (in-flight requests finish), the job worker after its running job, the database. */
  close: () => Promise<void>;
  graceMs: number;
  log: FastifyBaseLogger;
  /** The HTTP server's connections, when there is one (not in `npm run worker`). */
  connections?: ConnectionWatch;
  /** What else may still be running, for the log line when the deadline passes (the worker's jobs). */
  pending?: () => Record<string, unknown>;
  /** After the deadline's cut, how long close() may still take (it may close the database now). */
  settleMs?: number;
};

/**
 * A stop on SIGTERM: stop accepting, let in-flight requests and the running job finish, close
 * keep-alive connections as soon as they are idle, then close the rest (close()). Past `graceMs`
 * the connections left are destroyed, what was cut is logged, and close() gets `settleMs` more
 * before the caller exits anyway. Resolves true when everything stopped cleanly in time.
 */
export async function stopGracefully(opts: StopOptions): Promise<boolean> {
  const { close, graceMs, log, connections, pending, settleMs = 1000 } = opts;
  connections?.beginClosing();
  const closed = close().then(
    () => true,
    (err: unknown) => {
      log.error({ err }, 'stop failed');
      return false;
    },
  );
  const inTime = await within(closed, graceMs);
  if (inTime !== undefined) return inTime;

  const cut = connections?.cut();
  log.warn({ graceMs, ...cut, ...pending?.() }, 'stop deadline passed: cutting what still runs');
  await within(closed, settleMs);
  return false;
}

/** The promise's value, or undefined when `ms` passes first. The timer keeps the process up meanwhile. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
