/** A seeded pseudo-random source (mulberry32), so a run can be repeated with SOAK_SEED. */
export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  /** One element of a non-empty list. */
  pick: <T>(list: readonly T[]) => T;
  /** True with probability p. */
  chance: (p: number) => boolean;
  /** A key of `weights`, chosen in proportion to its weight. */
  weighted: <K extends string>(weights: Record<K, number>) => K;
};

export const seededRandom = (seed: number): Random => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (list) => list[Math.floor(next() * list.length)]!,
    chance: (p) => next() < p,
    weighted: (weights) => {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      let roll = next() * entries.reduce((sum, [, w]) => sum + w, 0);
      for (const [key, weight] of entries) {
        roll -= weight;
        if (roll < 0) return key;
      }
      return entries[entries.length - 1]![0];
    },
  };
};
