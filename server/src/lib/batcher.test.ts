import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

/** A promise the test settles by hand, to hold a batch in flight. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
};

/** Lets every pending callback run (several turns of the microtask queue and one macrotask). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** After the batcher's own setImmediate: a batch started this turn has called `run` by then. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A batcher whose `run` records every array it receives and, while `hold` is set, waits for the
 * gate before answering; `answer` turns the items into the results (one per item by default).
 */
const recordingBatcher = <I, O>(
  answer: (items: I[]) => O[] | Promise<O[]>,
  { maxBatch = 64 }: { maxBatch?: number } = {},
) => {
  const calls: I[][] = [];
  let held: ReturnType<typeof gate> | null = null;
  const batcher = createBatcher<I, O>(
    async (items) => {
      calls.push([...items]);
      const waitFor = held;
      if (waitFor) await waitFor.opened;
      return answer(items);
    },
    { maxBatch },
  );
  return {
    batcher,
    calls,
    /** The next batches wait until the returned gate opens. */
    hold: () => {
      held = gate();
      return held;
    },
    release: () => {
      const was = held;
      held = null;
      was?.open();
    },
  };
};

/** Settles every promise and reports each as value or error message, in order. */
const outcomes = async <T>(promises: Promise<T>[]) =>
  (await Promise.allSettled(promises)).map((r) =>
    r.status === 'fulfilled'
      ? { ok: r.value }
      : { error: r.reason instanceof Error ? r.reason.message : String(r.reason) },
  );

describe('createBatcher', () => {
  it('gives each caller its own result, in order', async () => {
    const { batcher, calls, hold, release } = recordingBatcher((items: number[]) =>
      items.map((n) => `r${n * 10}`),
    );
    hold();
    const promises = [3, 1, 4, 1, 5, 9, 2, 6].map((n) => batcher(n));
    release();
    expect(await Promise.all(promises)).toEqual([
      'r30',
      'r10',
      'r40',
      'r10',
      'r50',
      'r90',
      'r20',
      'r60',
    ]);
    // They all arrived in the same turn of the event loop and went together.
    expect(calls).toEqual([[3, 1, 4, 1, 5, 9, 2, 6]]);
  });

  it('runs an idle call alone on the next turn, without waiting for company', async () => {
    const { batcher, calls } = recordingBatcher((items: string[]) => items.map((s) => s.length));
    const first = batcher('one');
    expect(calls).toEqual([]);
    await nextTurn();
    // `run` was called on the next turn of the event loop, with this item alone.
    expect(calls).toEqual([['one']]);
    expect(batcher.stats).toEqual({ batches: 1, items: 1, largest: 1 });
    expect(await first).toBe(3);
    // Sequential callers on an idle batcher each get a batch of their own.
    expect(await batcher('three')).toBe(5);
    expect(await batcher('eleven')).toBe(6);
    expect(calls).toEqual([['one'], ['three'], ['eleven']]);
    expect(batcher.stats).toEqual({ batches: 3, items: 3, largest: 1 });
  });

  it('keeps one batch in flight and groups the items that arrive meanwhile into the next', async () => {
    const { batcher, calls, hold, release } = recordingBatcher((items: string[]) =>
      items.map((s) => s.toUpperCase()),
    );
    const firstGate = hold();
    const a = batcher('a');
    await nextTurn();
    expect(calls).toEqual([['a']]);

    const during = ['b', 'c', 'd'].map((s) => batcher(s));
    await settle();
    // Nothing else is written while the first batch is in flight.
    expect(calls).toEqual([['a']]);
    expect(batcher.stats).toEqual({ batches: 1, items: 1, largest: 1 });

    // The second batch is held too: what arrives during it waits for the third.
    hold();
    firstGate.open();
    expect(await a).toBe('A');
    await settle();
    expect(calls).toEqual([['a'], ['b', 'c', 'd']]);
    const later = ['e', 'f'].map((s) => batcher(s));
    await settle();
    expect(calls).toHaveLength(2);

    release();
    expect(await Promise.all(during)).toEqual(['B', 'C', 'D']);
    expect(await Promise.all(later)).toEqual(['E', 'F']);
    expect(calls).toEqual([['a'], ['b', 'c', 'd'], ['e', 'f']]);
    expect(batcher.stats).toEqual({ batches: 3, items: 6, largest: 3 });
  });

  it('never puts more than maxBatch items in one batch', async () => {
    const { batcher, calls, hold, release } = recordingBatcher(
      (items: number[]) => items.map((n) => n + 100),
      { maxBatch: 3 },
    );
    hold();
    const promises = Array.from({ length: 9 }, (_, i) => batcher(i));
    release();
    expect(await Promise.all(promises)).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108]);
    expect(calls).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7, 8],
    ]);
    expect(batcher.stats).toEqual({ batches: 3, items: 9, largest: 3 });
  });

  it('retries a failed batch item by item, so only the bad item rejects', async () => {
    const { batcher, calls, hold, release } = recordingBatcher((items: string[]) => {
      if (items.includes('bad')) throw new Error(`refused ${items.join(',')}`);
      return items.map((s) => `ok:${s}`);
    });
    hold();
    const promises = ['x', 'a', 'bad', 'c'].map((s) => batcher(s));
    release();
    expect(await outcomes(promises)).toEqual([
      { ok: 'ok:x' },
      { ok: 'ok:a' },
      { error: 'refused bad' },
      { ok: 'ok:c' },
    ]);
    expect(calls).toEqual([['x', 'a', 'bad', 'c'], ['x'], ['a'], ['bad'], ['c']]);
    // The retries are not batches of their own.
    expect(batcher.stats).toEqual({ batches: 1, items: 4, largest: 4 });

    // The batcher is not stuck after a failure: the next items are written as usual.
    expect(await batcher('d')).toBe('ok:d');
    expect(calls.at(-1)).toEqual(['d']);
  });

  it('rejects a lone failing item with its own error and keeps going', async () => {
    const { batcher, calls } = recordingBatcher((items: number[]) => {
      if (items[0] === 0) return Promise.reject(new Error('zero'));
      return items.map((n) => 1 / n);
    });
    await expect(batcher(0)).rejects.toThrow('zero');
    expect(await batcher(4)).toBe(0.25);
    // A single item that fails is not retried.
    expect(calls).toEqual([[0], [4]]);
  });

  it('treats a batch answering the wrong number of results as failed and retries it item by item', async () => {
    const { batcher, calls, hold, release } = recordingBatcher((items: string[]) =>
      // A batch of several loses its last answer; alone, each item is answered right.
      items.length > 1 ? items.slice(0, -1).map((s) => `v${s}`) : items.map((s) => `v${s}`),
    );
    hold();
    const promises = ['p', 'q', 'r', 's'].map((s) => batcher(s));
    release();
    expect(await Promise.all(promises)).toEqual(['vp', 'vq', 'vr', 'vs']);
    expect(calls).toEqual([['p', 'q', 'r', 's'], ['p'], ['q'], ['r'], ['s']]);
  });

  it('rejects a lone item whose batch answers the wrong number of results', async () => {
    const { batcher } = recordingBatcher((items: string[]) => [...items, 'extra']);
    await expect(batcher('only')).rejects.toThrow('A batch of 1 answered 2 results');
  });

  it('rejects every item, also those retried alone, when the answers never match the items', async () => {
    const { batcher } = recordingBatcher(() => []);
    const settled = await Promise.allSettled(['a', 'b', 'c'].map((s) => batcher(s)));
    expect(settled.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });
});
