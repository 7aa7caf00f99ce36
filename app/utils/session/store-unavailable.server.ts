import { data } from "@remix-run/node";
import type { Redis } from "ioredis";
import { env } from "~/utils/runtime/env.server";
import { metrics } from "~/utils/runtime/metrics.server";
import { redis } from "~/utils/session/redis.server";

/**
 * What the user meets while the session store (Redis) does not answer, e.g. for the seconds of a
 * restart: a 503 that every error boundary shows as a translated "try again in a moment" (the code
 * is translated there, in the user's language), never an empty 500. A use waits for Redis up to
 * REDIS_DEADLINE_MS (the client's `commandTimeout`: a failover's seconds), so most pages only come
 * later; the client reconnects by itself, so the next try works once Redis is back.
 */
const STORE_UNAVAILABLE = "storeUnavailable";

/**
 * ioredis gives up a connection attempt under way when its failover detector hears the Sentinels'
 * `+switch-master` during it, and rejects every use waiting in its queue with this message before
 * it connects again (redis.server.ts). Those uses were never sent: they wait for the client to be
 * ready and are made again, within their deadline.
 */
const GIVEN_UP = "Connection is closed.";

/** Uses waiting now for a Redis that does not answer (a failover, a restart). */
let waiting = 0;

/**
 * `work()`'s answer, or the translated 503 when Redis does not answer in time. `client` is the
 * Redis client `work` uses.
 */
export async function orStoreUnavailable<T>(
  work: () => Promise<T>,
  client: Redis | null = redis,
): Promise<T> {
  const unanswered = client !== null && client.status !== "ready";
  // The queue is bounded: past REDIS_WAITING_MAX, a use is answered at once, never queued.
  if (unanswered && waiting >= env.REDIS_WAITING_MAX)
    return storeUnavailable(new Error(`${waiting} uses already waiting`));
  if (unanswered) waiting += 1;
  const deadline = Date.now() + env.REDIS_DEADLINE_MS;
  try {
    for (;;) {
      try {
        return await work();
      } catch (error) {
        if (!client || (error as Error).message !== GIVEN_UP) throw error;
        if (!(await readyBefore(client, deadline))) throw error;
      }
    }
  } catch (error) {
    return storeUnavailable(error as Error);
  } finally {
    if (unanswered) waiting -= 1;
  }
}

const nextReady = new WeakMap<Redis, Promise<void>>();

/**
 * Whether `client` is ready again before `deadline`. Every use waiting shares one listener of the
 * client's next "ready".
 */
async function readyBefore(client: Redis, deadline: number) {
  if (client.status === "ready") return true;
  let ready = nextReady.get(client);
  if (!ready) {
    ready = new Promise<void>((resolve) => client.once("ready", resolve)).finally(() =>
      nextReady.delete(client),
    );
    nextReady.set(client, ready);
  }
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([ready.then(() => true), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

function storeUnavailable(error: Error): never {
  metrics.storeFailed();
  console.warn(`The session store did not answer: ${error.message}`);
  throw data({ code: STORE_UNAVAILABLE }, { status: 503 });
}
