import { data } from "@remix-run/node";
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

/** Uses waiting now for a Redis that does not answer (a failover, a restart). */
let waiting = 0;

/** `work()`'s answer, or the translated 503 when Redis does not answer in time. */
export async function orStoreUnavailable<T>(work: () => Promise<T>): Promise<T> {
  const unanswered = redis !== null && redis.status !== "ready";
  // The queue is bounded: past REDIS_WAITING_MAX, a use is answered at once, never queued.
  if (unanswered && waiting >= env.REDIS_WAITING_MAX)
    return storeUnavailable(new Error(`${waiting} uses already waiting`));
  if (unanswered) waiting += 1;
  try {
    return await work();
  } catch (error) {
    return storeUnavailable(error as Error);
  } finally {
    if (unanswered) waiting -= 1;
  }
}

function storeUnavailable(error: Error): never {
  metrics.storeFailed();
  console.warn(`The session store did not answer: ${error.message}`);
  throw data({ code: STORE_UNAVAILABLE }, { status: 503 });
}
