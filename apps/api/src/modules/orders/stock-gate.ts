/**
 * One checkout at a time per shop row, in this process, and what the last one learnt about the
 * row's stock (docs/decisions/0062).
 *
 * In a limited drop, twenty buyers of the last copy arrive together. Without a gate each opens a
 * transaction, takes a pool connection and waits on the winner's row lock, only to be told the
 * copy is gone; the connections they hold keep every other ship's buyers waiting. Through the
 * gate they wait here, holding nothing, and when the winner's transaction has committed, each
 * reads what it saw ("stock 0 now") and is answered at once.
 *
 * The gate decides no sale: the conditional UPDATE in the transaction still does. What a
 * checkout saw is stamped with a mark taken before its UPDATE was sent, and it is used only by
 * checkouts that took their own mark earlier: they were in flight when that UPDATE ran, so the
 * answer is the one their own look at the stock would have given at that moment.
 */

type Observation = { stock: number; name: string; at: number };
type RowGate = { busy: boolean; waiters: Array<() => void>; seen?: Observation };

/** One checkout's turn at a row: read what earlier turns saw, record what this one saw, leave. */
export type GatePass = {
  /** the latest stock recorded for the row after `mark`, if any */
  seenSince(mark: number): { stock: number; name: string } | undefined;
  /**
   * What this checkout's transaction found the stock to be, once it has ended: its copies left
   * after a committed take, or what a refused take saw. `at`: a mark taken before the take.
   */
  observe(stock: number, name: string, at: number): void;
  /** gives the turn to the next waiter; once only, later calls do nothing */
  leave(): void;
};

export class StockGate {
  private tick = 0;
  private readonly rows = new Map<number, RowGate>();

  /**
   * @param maxWaitMs how long a checkout waits for its turn before it goes to the database
   *   anyway (the row lock then orders it, as without a gate): a turn that is never given back
   *   must slow a row down, not stop it.
   */
  constructor(private readonly maxWaitMs = 10_000) {}

  /** A point in the gate's order of events; take it before reading the stock. */
  mark(): number {
    return ++this.tick;
  }

  /** Waits for the row's turn (at most maxWaitMs) and returns it. */
  async enter(rowId: number): Promise<GatePass> {
    let row = this.rows.get(rowId);
    if (!row) {
      row = { busy: false, waiters: [] };
      this.rows.set(rowId, row);
    }
    const holds = row.busy ? await this.waitForTurn(row) : true;
    if (holds) row.busy = true;
    let left = false;
    return {
      seenSince: (mark) => (row.seen && row.seen.at > mark ? { stock: row.seen.stock, name: row.seen.name } : undefined),
      observe: (stock, name, at) => {
        if (!row.seen || at > row.seen.at) row.seen = { stock, name, at };
      },
      leave: () => {
        if (left) return;
        left = true;
        if (holds) this.handOn(rowId, row);
      },
    };
  }

  /** Rows with a checkout in progress or waiting (for tests: the gate forgets idle rows). */
  get activeRows(): number {
    return this.rows.size;
  }

  /** true: the turn was handed over; false: the wait ran out and the caller goes on without it. */
  private waitForTurn(row: RowGate): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const place = row.waiters.indexOf(wake);
        if (place >= 0) row.waiters.splice(place, 1);
        resolve(false);
      }, this.maxWaitMs);
      timer.unref();
      row.waiters.push(wake);
    });
  }

  private handOn(rowId: number, row: RowGate): void {
    const next = row.waiters.shift();
    if (next) return next(); // busy stays true: the turn passes straight on
    row.busy = false;
    this.rows.delete(rowId);
  }
}
