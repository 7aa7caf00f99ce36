/**
 * At most `max` of a kind of work at a time in this process; the rest wait their turn, in order.
 * For work that holds a lot of memory while it runs (a receipt upload holds its file): waiting
 * requests are not read yet, so TCP holds their bodies back instead of this process's memory.
 */
export function concurrencyLimit(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * Work on one key at a time in this process, in the order asked; different keys run side by side.
 * For a change made in several steps that must not interleave with another on the same thing.
 */
export function oneAtATimePerKey() {
  const limits = new Map<string, { run: ReturnType<typeof concurrencyLimit>; users: number }>();
  return async function run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const limit = limits.get(key) ?? { run: concurrencyLimit(1), users: 0 };
    limits.set(key, limit);
    limit.users += 1;
    try {
      return await limit.run(work);
    } finally {
      limit.users -= 1;
      if (!limit.users) limits.delete(key);
    }
  };
}
