// A round-robin HTTP proxy for the local cluster (`npm run cluster`): one address in front of
// several API copies, as a load balancer would be in production. Small on purpose; what it does
// is what the cluster needs to behave like a real deployment:
// - each request goes to the next copy that is not marked down;
// - a copy that refuses the connection (stopped, restarting) is marked down for a moment and the
//   request goes to the next copy: nothing reached the refusing copy, so retrying is safe;
// - a copy that dies mid-request (the connection reset after the request was sent) is NOT
//   retried, since it may have acted on the request: the client gets a 502 and decides, as it
//   would behind nginx. The one exception is the race every keep-alive client knows: a reused
//   idle connection that the copy closed just as the request went out (it never read it).
// Connections to the copies are kept alive, as a production balancer's are: that is what makes
// a graceful stop have to close idle connections instead of waiting for their time-out.
import http from 'node:http';

const DOWN_FOR_MS = 1000;
const MAX_BODY = 1024 * 1024;

/**
 * @param {{ port: number, host?: string, upstreams: { host: string, port: number }[],
 *           onForward?: (path: string, upstream: { host: string, port: number }) => void }} opts
 * @returns {Promise<{ url: string, port: number, close(): Promise<void>, stats: { forwarded: number, retried: number, failed: number } }>}
 */
export async function startProxy(opts) {
  const host = opts.host ?? '127.0.0.1';
  const upstreams = opts.upstreams.map((u) => ({ ...u, downUntil: 0 }));
  const stats = { forwarded: 0, retried: 0, failed: 0 };
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  /** The next copy in turn that is up; when all are down, the next in turn anyway. */
  const pick = (tried) => {
    const now = Date.now();
    for (let i = 0; i < upstreams.length; i++) {
      const u = upstreams[(next + i) % upstreams.length];
      if (!tried.has(u) && u.downUntil <= now) {
        next = (next + i + 1) % upstreams.length;
        return u;
      }
    }
    return upstreams.find((u) => !tried.has(u));
  };

  const server = http.createServer((req, res) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
    req.on('error', () => res.destroy());
  });

  function forward(req, res, body, tried) {
    const upstream = pick(tried);
    if (!upstream) return fail(res, 503, 'No Starport copy is answering right now. Please try again in a moment.');
    tried.add(upstream);
    const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-forwarded-host': req.headers.host ?? '' };
    const upstreamReq = http.request(
      { host: upstream.host, port: upstream.port, method: req.method, path: req.url, headers, agent },
      (upstreamRes) => {
        stats.forwarded++;
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
        upstreamRes.on('error', () => res.destroy());
      },
    );
    upstreamReq.on('error', (err) => {
      if (res.headersSent) return res.destroy();
      if (err.code === 'ECONNREFUSED') {
        upstream.downUntil = Date.now() + DOWN_FOR_MS;
        stats.retried++;
        return forward(req, res, body, tried);
      }
      if (upstreamReq.reusedSocket && err.code === 'ECONNRESET') {
        stats.retried++;
        tried.delete(upstream);
        return forward(req, res, body, tried);
      }
      stats.failed++;
      fail(res, 502, 'The server stopped while answering. Please check your order before trying again.');
    });
    opts.onForward?.(req.url ?? '', upstream);
    upstreamReq.end(body);
  }

  function fail(res, status, msg) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' });
    res.end(JSON.stringify({ error: true, code: status === 503 ? 'UNAVAILABLE' : 'INTERNAL', msg }));
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, resolve);
  });
  const port = server.address().port;
  return {
    url: `http://${host}:${port}`,
    port,
    stats,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
