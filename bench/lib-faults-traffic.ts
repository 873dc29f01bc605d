// Checkout traffic for the fault suite: buyers who open a card checkout and pay it on the
// sandbox's hosted page, through the cluster's proxy, and who behave as people do when the
// shop hiccups: a 5xx or a dropped connection is retried a few times (the checkout with the
// same Idempotency-Key, so a retry never opens a second order), a 409 is taken as an answer.
import { randomUUID } from 'node:crypto';

export type Tally = {
  opened: number;
  paid: number;
  /** answers by status, and connections that failed outright ('network') */
  byStatus: Record<string, number>;
};

export type Traffic = { tally: Tally; stop(): Promise<void> };

const RETRIES = 4;
/** Between a buyer's retries: a person's pause, not a test's wait. */
const RETRY_PAUSE_MS = 250;

export function startTraffic(o: { origin: string; tokens: string[]; lines: string[]; buyers: number }): Traffic {
  const tally: Tally = { opened: 0, paid: 0, byStatus: {} };
  let stopping = false;
  const count = (key: string) => (tally.byStatus[key] = (tally.byStatus[key] ?? 0) + 1);

  /** One call, retried on 5xx and failed connections; returns the last answer (or null). */
  async function call(path: string, init: RequestInit): Promise<{ status: number; body: string; location: string | null } | null> {
    for (let attempt = 1; attempt <= RETRIES; attempt++) {
      try {
        const res = await fetch(`${o.origin}${path}`, { ...init, redirect: 'manual', signal: AbortSignal.timeout(60_000) });
        const body = await res.text();
        count(String(res.status));
        if (res.status < 500) return { status: res.status, body, location: res.headers.get('location') };
      } catch {
        count('network');
      }
      await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS * attempt));
    }
    return null;
  }

  async function buyer(index: number): Promise<void> {
    for (let round = 0; !stopping; round++) {
      const token = o.tokens[(index + round * o.buyers) % o.tokens.length]!;
      const line = o.lines[Math.floor(Math.random() * o.lines.length)]!;
      const opened = await call('/api/stripe/buy', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ ids: [{ id: line, total: 1, object: 'spaceship' }], type: 2 }),
      });
      if (opened?.status !== 200) continue;
      tally.opened++;
      const checkout = new URL((JSON.parse(opened.body) as { data: string }).data);
      const paid = await call(`${checkout.pathname}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      // 303: paid now; 409: this session was already paid by an earlier attempt that lost its answer.
      if (paid && (paid.status === 303 || paid.status === 409)) tally.paid++;
    }
  }

  const loops = Array.from({ length: o.buyers }, (_, i) => buyer(i));
  return {
    tally,
    async stop() {
      stopping = true;
      await Promise.all(loops);
    },
  };
}
