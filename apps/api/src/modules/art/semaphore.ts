/** Thrown when the queue is full: the caller should answer "busy", not wait forever. */
export class QueueFullError extends Error {}

/**
 * Limits how many tasks run at once. Image conversion is CPU-bound; on a 2-core machine a
 * burst of uncached images must not starve the API's other calls. The queue is bounded too,
 * so a flood costs a quick "busy" answer instead of unbounded memory.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly max: number,
    private readonly maxQueue = Number.POSITIVE_INFINITY,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.max) {
      this.active++;
    } else {
      if (this.waiting.length >= this.maxQueue) throw new QueueFullError('queue full');
      // The releasing task hands its slot over directly, so `active` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
