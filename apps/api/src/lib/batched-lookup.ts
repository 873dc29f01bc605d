/**
 * Lookups by key that share a statement (decision 0081).
 *
 * The lookups asked in one turn of the event loop (the requests whose bytes arrived together)
 * go out together at its end, as one read; a lone lookup on a quiet server goes out alone, a
 * few microseconds later. At most `maxInFlight` reads are out at once: lookups asked while they
 * all are wait for the next one, which carries every key that waited (at most `maxBatch`). In a
 * drop thousands of signed-in requests arrive within milliseconds: one statement each costs
 * each a round trip and a socket write on a machine whose CPU is what runs out (bench/drop);
 * one per batch costs a few dozen.
 *
 * A lookup is never answered by a read sent before it was asked, so it sees every write
 * committed before it arrived (a logout, say), as a statement of its own would. A failed read
 * fails the lookups it carried, and only those.
 */
export type BatchOptions = { maxInFlight: number; maxBatch: number };

const DEFAULTS: BatchOptions = { maxInFlight: 2, maxBatch: 500 };

export function batchedLookup<K, V>(
  readMany: (keys: K[]) => Promise<Map<K, V>>,
  options: Partial<BatchOptions> = {},
): (key: K) => Promise<V | undefined> {
  const { maxInFlight, maxBatch } = { ...DEFAULTS, ...options };
  type Waiting = { key: K; resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let inFlight = 0;
  let sendScheduled = false;

  const sendWhileRoom = (): void => {
    sendScheduled = false;
    while (inFlight < maxInFlight && waiting.length > 0) {
      const batch = waiting.length <= maxBatch ? waiting : waiting.slice(0, maxBatch);
      waiting = batch === waiting ? [] : waiting.slice(maxBatch);
      inFlight += 1;
      const keys = [...new Set(batch.map((w) => w.key))];
      (async () => readMany(keys))()
        .then(
          (found) => batch.forEach((w) => w.resolve(found.get(w.key))),
          (error: unknown) => batch.forEach((w) => w.reject(error)),
        )
        .finally(() => {
          inFlight -= 1;
          sendWhileRoom();
        });
    }
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!sendScheduled) {
        sendScheduled = true;
        setImmediate(sendWhileRoom);
      }
    });
}
