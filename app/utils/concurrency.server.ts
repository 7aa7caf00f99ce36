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
