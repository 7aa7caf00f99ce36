/**
 * What must be closed when the process stops (the Redis client, the store's pool), after the last request was
 * answered. The portal's server (`server/index.ts`) stops taking connections on SIGTERM or SIGINT,
 * waits for the requests in flight, then runs these through `httpLayer.runShutdownClosers`.
 */

type Closer = () => Promise<unknown>;
const closers: Closer[] = [];

/** Run `close` at shutdown, after the last request was answered. */
export function onShutdown(close: Closer) {
  closers.push(close);
}

export async function runShutdownClosers() {
  await Promise.allSettled(closers.map((close) => close()));
}
