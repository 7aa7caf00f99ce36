import { allRequestsAnswered, requestsInFlight } from "~/utils/request-log.server";

/**
 * Graceful shutdown on SIGTERM and SIGINT. remix-serve closes its HTTP server on those signals,
 * which stops new connections and lets the requests under way finish; this waits for them, then
 * closes the Redis client and exits with 0. A
 * request that takes longer than the grace period is cut off (exit 1), as an orchestrator would.
 */

const SHUTDOWN_GRACE_MS = 20_000;

type Closer = () => Promise<unknown>;
const closers: Closer[] = [];

/** Run `close` at shutdown, after the last request was answered. */
export function onShutdown(close: Closer) {
  closers.push(close);
}

async function shutDown(signal: string) {
  const log = (msg: string, extra: object = {}) =>
    process.stdout.write(
      `${JSON.stringify({ time: new Date().toISOString(), level: "info", msg, signal, ...extra })}\n`,
    );
  log("shutting down", { inFlight: requestsInFlight() });
  const grace = setTimeout(() => {
    log("grace period over, requests cut off", { inFlight: requestsInFlight() });
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  grace.unref();
  await allRequestsAnswered();
  await Promise.allSettled(closers.map((close) => close()));
  log("shut down");
  // Idle keep-alive connections would hold the process a few seconds more for nothing.
  process.exit(0);
}

const INSTALLED = Symbol.for("agency-portal.shutdown");

export function installGracefulShutdown() {
  const registry = globalThis as { [INSTALLED]?: boolean };
  if (registry[INSTALLED]) return;
  registry[INSTALLED] = true;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => void shutDown(signal));
  }
}
