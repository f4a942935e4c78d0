/**
 * Group commit: callers hand in one item each and get their own answer back, while the items
 * that arrive during a write, or in the same turn of the event loop, are written together by the
 * next one. At most one batch per batcher is in flight, so an idle system writes each item on the
 * next turn (no waiting for company) and a busy one writes many per statement, paying the round
 * trip, the planning and the commit once.
 *
 * `run` answers one result per item, in order. When a batch of several fails as a whole, each of
 * its items is tried again alone, so one bad item fails only its own caller.
 */
export type Batcher<I, O> = {
  (item: I): Promise<O>;
  /** Batches and items written so far, and the largest batch (for tests and benchmarks). */
  readonly stats: { batches: number; items: number; largest: number };
};

export const createBatcher = <I, O>(
  run: (items: I[]) => Promise<O[]>,
  { maxBatch }: { maxBatch: number },
): Batcher<I, O> => {
  type Waiting = { item: I; resolve: (value: O) => void; reject: (reason: unknown) => void };
  let queue: Waiting[] = [];
  let writing = false;
  const stats = { batches: 0, items: 0, largest: 0 };

  /** Runs a batch; rejects when it does not answer one result per item. */
  const runChecked = async (items: I[]): Promise<O[]> => {
    const results = await run(items);
    if (results.length !== items.length) {
      throw new Error(`A batch of ${items.length} answered ${results.length} results`);
    }
    return results;
  };

  const runAlone = async (waiting: Waiting) => {
    try {
      const [result] = await runChecked([waiting.item]);
      waiting.resolve(result as O);
    } catch (error) {
      waiting.reject(error);
    }
  };

  const write = async (batch: Waiting[]) => {
    stats.batches += 1;
    stats.items += batch.length;
    stats.largest = Math.max(stats.largest, batch.length);
    let results: O[];
    try {
      results = await runChecked(batch.map((w) => w.item));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const waiting of batch) await runAlone(waiting);
      return;
    }
    batch.forEach((waiting, i) => waiting.resolve(results[i] as O));
  };

  const drain = async () => {
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(maxBatch);
        await write(batch);
      }
    } finally {
      writing = false;
    }
  };

  const batcher = (item: I) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) {
        writing = true;
        // Not at once: the items that arrive in this turn of the event loop go together. With
        // PGlite a statement runs synchronously, so nothing can arrive while it runs, and
        // without this wait every batch would hold one item.
        setImmediate(() => void drain());
      }
    });
  return Object.assign(batcher, { stats });
};
