// The load generator of bench/drop.ts. It runs as a child process (forked with tsx), so that
// sending and reading 3,000 requests does not share an event loop with the server it measures.
// A batch arrives over IPC; every request gets a connection of its own and all of them are
// started in the same tick, so the whole batch is in flight at once. One answer per request
// goes back: status (0 for a network error or timeout), latency, and the body when it matters.
import http from 'node:http';

export type Shot = { path: string; headers?: Record<string, string>; body?: string };
export type Batch = { origin: string; shots: Shot[]; timeoutMs: number };
export type Answer = { status: number; ms: number; body?: string; error?: string };
export type Volley = { wallMs: number; answers: Answer[] };

/** Bodies are kept for 200s (they carry the checkout address) and for answers nobody expects. */
const keepBody = (status: number) => status === 200 || status >= 500 || status === 0;

function fire(batch: Batch): Promise<Volley> {
  const { hostname, port } = new URL(batch.origin);
  const answers: Answer[] = new Array(batch.shots.length);
  let first = Infinity;
  let last = 0;
  let open = batch.shots.length;
  return new Promise((resolve) => {
    if (open === 0) return resolve({ wallMs: 0, answers });
    const done = (i: number, started: number, a: Omit<Answer, 'ms'>) => {
      const now = performance.now();
      answers[i] = { ...a, ms: now - started };
      last = Math.max(last, now);
      if (--open === 0) resolve({ wallMs: last - first, answers });
    };
    batch.shots.forEach((shot, i) => {
      const body = shot.body ?? '';
      const started = performance.now();
      first = Math.min(first, started);
      let settled = false;
      const settle = (a: Omit<Answer, 'ms'>) => {
        if (settled) return;
        settled = true;
        done(i, started, a);
      };
      const req = http.request(
        {
          host: hostname,
          port,
          path: shot.path,
          method: 'POST',
          // A connection per buyer, as 3,000 separate browsers would open.
          agent: false,
          headers: { ...shot.headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            settle({
              status,
              ...(keepBody(status) ? { body: Buffer.concat(chunks).toString('utf8').slice(0, 2000) } : {}),
            });
          });
          res.on('error', (err) => settle({ status: 0, error: err.message }));
        },
      );
      req.setTimeout(batch.timeoutMs, () => req.destroy(new Error(`no answer within ${batch.timeoutMs} ms`)));
      req.on('error', (err) => settle({ status: 0, error: err.message }));
      req.end(body);
    });
  });
}

process.on('message', (batch: Batch) => {
  void fire(batch).then((volley) => {
    // A parent that has gone (Ctrl-C) gets nothing: leave quietly.
    if (process.connected) process.send!(volley, undefined, {}, (err) => err && process.exit(0));
  });
});
// Leaves with its parent, whatever happens to the parent.
process.on('disconnect', () => process.exit(0));
